import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { earn } from '@marquee/contract';
import { call } from '../../app/api';
import { VideoPlayerModal } from '../../ui/VideoPlayerModal';
import { viewEarned, type PlayState } from '../../ui/videoPlay';

interface VideoModalProps {
  listing: earn.EarnListing;
  show: boolean;
  onClose: () => void;
  onCredited: (answer: earn.CreditAnswer) => void;
}

/** The video listing's player (spec 1 §4): the view is credited after 30 s of play (spec 1 §5). */
export function VideoModal({ listing, show, onClose, onCredited }: VideoModalProps) {
  return (
    <VideoPlayerModal
      show={show}
      onClose={onClose}
      heading={`Watch: ${listing.name}`}
      name={listing.name}
      src={listing.embed_url ?? listing.open_url}
    >
      {(play) => <Credit listing={listing} play={play} onCredited={onCredited} />}
    </VideoPlayerModal>
  );
}

/** Under the player: the seconds watched, and the credit once they are enough. */
function Credit({
  listing,
  play,
  onCredited,
}: Pick<VideoModalProps, 'listing' | 'onCredited'> & { play: PlayState }) {
  const asked = useRef(false);
  const need = earn.EARN.videoCreditSeconds;

  const record = useMutation({
    mutationFn: (watched: number) =>
      call(earn.recordYouTubeView, { listing_id: listing.id, vc: Math.round(watched) }),
    onSuccess: onCredited,
    onError: () => {
      asked.current = false;
    },
  });

  const earned = viewEarned(play);
  const { mutate, isIdle } = record;
  useEffect(() => {
    if (earned && isIdle && !asked.current) {
      asked.current = true;
      mutate(play.watched);
    }
  }, [earned, isIdle, mutate, play.watched]);

  const watched = Math.min(need, Math.floor(play.watched));
  const percent = Math.round((watched / need) * 100);
  let status: string;
  if (record.isPending) status = 'Crediting your view…';
  else if (record.isSuccess) status = 'Your view is credited.';
  else if (record.isError) status = 'We could not credit this view yet.';
  else if (earned) status = 'Thanks for watching!';
  else if (play.playing) status = 'Playing: keep watching to earn your points.';
  else if (play.watched > 0) status = 'Paused. Press play to keep counting.';
  else status = `Press play: after ${need} seconds of play your points are credited.`;

  return (
    <div className="mq-video-progress mt-3">
      <div
        className="progress"
        role="progressbar"
        aria-label="Seconds watched"
        aria-valuemin={0}
        aria-valuemax={need}
        aria-valuenow={watched}
        aria-valuetext={`${watched} of ${need} seconds watched`}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <div className="d-flex justify-content-between align-items-center gap-2 mt-2 flex-wrap">
        {/* Changes only on play, pause and credit, never every second: polite is quiet enough. */}
        <p className="mb-0 small" aria-live="polite">
          {status}
        </p>
        <span className="small text-body-secondary" aria-hidden="true">
          {watched} / {need} s
        </span>
      </div>
      {record.isError && (
        <Button className="mt-2" size="sm" onClick={() => mutate(play.watched)}>
          Try again
        </Button>
      )}
    </div>
  );
}
