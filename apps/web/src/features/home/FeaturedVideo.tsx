import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { home } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { VideoPlayerModal } from '../../ui/VideoPlayerModal';
import type { PlayState } from '../../ui/videoPlay';
import { featuredVideoQuery, useRateVideo } from './api';

/** The day's featured video (spec 1 Home page): a thumbnail with its title opens the player. */
export function FeaturedVideoCard() {
  const featured = useQuery(featuredVideoQuery);
  const [open, setOpen] = useState(false);
  const answer = featured.data;
  return (
    <SideCard title="Featured Video" className="mq-home-video">
      {featured.isPending ? (
        <LoadingLine>Loading today’s video…</LoadingLine>
      ) : featured.isError ? (
        <p className="text-body-secondary mb-0">We could not load today’s video just now.</p>
      ) : answer?.status !== 'success' ? (
        <p className="mb-0">
          No member video to show today. <Link to="/profile">Add a video to your profile</Link> and it may be
          picked for the home page.
        </p>
      ) : (
        <>
          <button
            type="button"
            className="mq-video-thumb"
            onClick={() => setOpen(true)}
            aria-haspopup="dialog"
          >
            <span className="mq-video-thumb__play" aria-hidden="true" />
            <span className="mq-video-thumb__title">
              <span className="visually-hidden">Play video: </span>
              {answer.video.name}
            </span>
          </button>
          <div className="mq-home-video__owner">
            <Avatar src={answer.user.avatar} size={35} alt="" />
            <span>
              <Link to={`/profile/${answer.user.id}`}>{answer.user.full_name}</Link>
              <span className="mq-home-video__desc">{answer.user.desc}</span>
            </span>
          </div>
          <VideoPlayerModal
            show={open}
            onClose={() => setOpen(false)}
            name={answer.video.name}
            src={answer.video.embed_url}
          >
            {(play) => <Rating video={answer.video} play={play} />}
          </VideoPlayerModal>
        </>
      )}
    </SideCard>
  );
}

interface PlayerProps {
  video: home.FeaturedVideo;
}

/** Under the player: after 20 s of play (spec 1 §9), or at the end of a shorter video, the rating prompt. */
function Rating({ video, play }: PlayerProps & { play: PlayState }) {
  const canRate = play.ended || play.watched >= home.HOME.ratingPromptSeconds;
  return (
    // Changes on reaching 20 s and on voting only: polite is enough.
    <div className="mq-rate" aria-live="polite">
      {canRate ? (
        <RatingPrompt video={video} />
      ) : (
        <p className="mb-0 small text-body-secondary">
          {play.playing ? 'Enjoy the video.' : 'Press play to watch.'} After {home.HOME.ratingPromptSeconds}{' '}
          seconds you can rate it.
        </p>
      )}
    </div>
  );
}

function RatingPrompt({ video }: PlayerProps) {
  const rate = useRateVideo(video.id);
  if (rate.isSuccess) {
    return <p className="mq-rate__thanks mb-0">{rate.data.message}</p>;
  }
  const chosen = rate.variables ?? video.my_vote;
  return (
    <div className="mq-rate__prompt">
      <div>
        <p className="mq-rate__question mb-1">
          {video.voted === 'yes'
            ? 'You have rated this video. Change your rating?'
            : 'Did you enjoy this video?'}
        </p>
        <p className="small text-body-secondary mb-0">
          Ratings are anonymous and help pick the videos on the home page.
        </p>
      </div>
      <div className="mq-rate__buttons">
        {(['up', 'down'] as const).map((vote) => (
          <button
            key={vote}
            type="button"
            className={`mq-rate__button mq-rate__button--${vote}`}
            aria-pressed={chosen === vote}
            disabled={rate.isPending}
            onClick={() => rate.mutate(vote)}
          >
            <ThumbIcon down={vote === 'down'} />
            <span>{vote === 'up' ? 'Thumbs up' : 'Thumbs down'}</span>
          </button>
        ))}
      </div>
      {rate.isError && (
        <p className="text-danger small mb-0 w-100" role="alert">
          {rate.error.message}
        </p>
      )}
    </div>
  );
}

/** A thumb drawn in the theme's colours (emoji fonts are not everywhere); pointing down for down. */
function ThumbIcon({ down }: { down: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      style={down ? { transform: 'scaleY(-1)' } : undefined}
    >
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.5-1.1L13.1 1 7.6 6.6A2 2 0 0 0 7 8v11a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z"
      />
    </svg>
  );
}
