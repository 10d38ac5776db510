import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { profile } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { useCurrentUser, useSession } from '../../app/session';
import { Avatar } from '../../ui/Avatar';
import { LinksOnly } from '../../ui/LinksOnly';
import { PageLoading } from '../../ui/Preloader';
import { SideCard } from '../../ui/SideCard';
import { showError, showSuccess } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { profileKey, profileQuery } from './api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { EditDetailsModal } from './EditDetailsModal';
import { PhotoGallery } from './PhotoGallery';
import { ProfileEarnList } from './ProfileEarnList';
import { AddVideoModal, ProfileVideos } from './ProfileVideos';

/** /profile (own) and /profile/{id} (spec 2 §2 Profile). Ids below 1000 are system accounts: no page (D2.1). */
export default function ProfilePage() {
  const { uid } = useParams();
  const me = useCurrentUser();
  const userId = uid === undefined ? me.id : Number(uid);
  const valid = Number.isInteger(userId) && userId >= 1000;
  const details = useQuery({ ...profileQuery(userId), enabled: valid });
  usePageTitle(details.data?.user.full_name ?? 'Profile');

  let body;
  if (!valid || (details.isError && details.error instanceof ApiError && details.error.httpStatus === 404)) {
    body = <Unavailable />;
  } else if (details.isPending) {
    body = (
      <div className="card mq-profile-loading">
        <PageLoading label="Loading the profile…" />
      </div>
    );
  } else if (details.isError) {
    body = (
      <div className="card mq-history-empty" role="alert">
        <p className="mb-3">
          {details.error instanceof ApiError ? details.error.message : 'This profile could not be loaded.'}
        </p>
        <div>
          <Button onClick={() => void details.refetch()}>Try again</Button>
        </div>
      </div>
    );
  } else if (details.data.user.blocked === 'yes') {
    body = <BlockedProfile user={details.data.user} />;
  } else {
    body = <ProfileView details={details.data} />;
  }
  return (
    <Container fluid="xl" className="mq-profile">
      {body}
    </Container>
  );
}

function Unavailable() {
  return (
    <div className="card mq-history-empty">
      <h1 className="h4">{profile.NO_SUCH_PROFILE}</h1>
      <p className="text-body-secondary">
        The member may have closed their account, or the link is not quite right.
      </p>
      <div>
        <Link className="btn btn-primary" to="/dashboard">
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}

function ProfileView({ details }: { details: profile.UserDetails }) {
  const { user, abilities } = details;
  const [editing, setEditing] = useState(false);
  const [addingVideo, setAddingVideo] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const defaultPicture = details.images.find((p) => p.isDefault);
  useOwnAvatar(abilities.isOwn, defaultPicture?.thumb ?? null);
  const jobs = [user.job_1, user.job_2, user.job_3].filter(Boolean);

  return (
    <>
      <section className="card mq-profile-head" aria-labelledby="mq-profile-name">
        <Avatar
          className="mq-profile-head__photo"
          src={details.default_pic}
          size={144}
          alt={`${user.full_name}'s profile photo`}
        />
        <div className="mq-profile-head__text">
          <h1 id="mq-profile-name">{user.full_name}</h1>
          {user.desc && <p className="mq-profile-head__desc">{user.desc}</p>}
          {user.location && <p className="mq-profile-head__location">{user.location}</p>}
        </div>
        <div className="mq-profile-head__actions">
          {abilities.canEdit && <Button onClick={() => setEditing(true)}>Edit details</Button>}
          {abilities.canAddVideo && (
            <Button variant="outline-primary" onClick={() => setAddingVideo(true)}>
              Add video
            </Button>
          )}
          {user.showProfile === 'yes' && (
            <Link className="btn btn-primary" to={`/messages/${user.id}`}>
              Message {user.first}
            </Link>
          )}
          {abilities.canBlock && (
            <Button variant="outline-danger" onClick={() => setBlocking(true)}>
              Block
            </Button>
          )}
        </div>
      </section>
      <div className="row g-4">
        <div className="col-lg-7 d-grid gap-4 align-content-start">
          <SideCard title="About">
            {user.bio ? (
              <LinksOnly className="mq-profile-bio" html={user.bio} />
            ) : (
              <p className="text-body-secondary">
                {abilities.isOwn
                  ? 'Tell members about your work: press Edit details to write a bio.'
                  : `${user.first} has not written a bio yet.`}
              </p>
            )}
            <dl className="mq-profile-facts mb-0">
              <div>
                <dt>{jobs.length > 1 ? 'Jobs' : 'Job'}</dt>
                <dd>{jobs.length ? jobs.join(', ') : 'Not given'}</dd>
              </div>
              <div>
                <dt>Location</dt>
                <dd>{user.location || 'Not given'}</dd>
              </div>
            </dl>
          </SideCard>
          <SideCard title="Photos">
            <PhotoGallery
              userId={user.id}
              first={user.first}
              pictures={details.images}
              canAdd={abilities.canAddPhoto}
              addRefusal={abilities.addPhotoRefusal}
              isOwn={abilities.isOwn}
            />
          </SideCard>
          <SideCard title="Videos">
            <ProfileVideos
              userId={user.id}
              first={user.first}
              videos={details.videos}
              isOwn={abilities.isOwn}
            />
          </SideCard>
        </div>
        <div className="col-lg-5">
          {abilities.isOwn ? (
            <SideCard title="Your listings">
              <p>Members who visit your profile can act on your listings right here.</p>
              <Link to="/dashboard">Manage your listings on the dashboard</Link>
            </SideCard>
          ) : (
            <SideCard title={`Act on ${user.first}'s listings`} className="mq-profile-earn">
              <ProfileEarnList userId={user.id} first={user.first} />
            </SideCard>
          )}
        </div>
      </div>
      {abilities.canEdit && <EditDetailsModal user={user} show={editing} onClose={() => setEditing(false)} />}
      {abilities.canAddVideo && (
        <AddVideoModal userId={user.id} show={addingVideo} onClose={() => setAddingVideo(false)} />
      )}
      {abilities.canBlock && <BlockModal user={user} show={blocking} onClose={() => setBlocking(false)} />}
    </>
  );
}

/** Keeps the top bar's picture in step when the member changes their own default photo. */
function useOwnAvatar(isOwn: boolean, thumb: string | null) {
  const { user, updateUser } = useSession();
  useEffect(() => {
    if (isOwn && user && user.avatar !== thumb) updateUser({ ...user, avatar: thumb });
  }, [isOwn, thumb, user, updateUser]);
}

function BlockModal({
  user,
  show,
  onClose,
}: {
  user: profile.ProfileUser;
  show: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const block = useMutation({
    mutationFn: () => call(profile.blockUser, { user_id: user.id }),
    onSuccess: async () => {
      showSuccess(profile.USER_BLOCKED);
      onClose();
      // Their posts, listings and messages are gone everywhere (D4.1): nothing cached may show them.
      await queryClient.invalidateQueries();
    },
    onError: showError,
  });
  return (
    <ConfirmModal
      show={show}
      title={`Block ${user.full_name}?`}
      confirmLabel="Block"
      busyLabel="Blocking…"
      busy={block.isPending}
      onConfirm={() => block.mutate()}
      onClose={onClose}
    >
      <p className="mb-0">
        You and {user.first} will no longer see each other&rsquo;s profiles, posts, listings or messages.
      </p>
    </ConfirmModal>
  );
}

function BlockedProfile({ user }: { user: profile.ProfileUser }) {
  const queryClient = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => call(profile.unblockUser, { user_id: user.id }),
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: profileKey(user.id) });
    },
    onError: showError,
  });
  return (
    <div className="card mq-history-empty">
      <h1 className="h4">You have blocked {user.full_name}</h1>
      <p className="text-body-secondary">
        You don&rsquo;t see each other&rsquo;s profiles, posts, listings or messages.
      </p>
      <div>
        <Button variant="outline-primary" onClick={() => unblock.mutate()} disabled={unblock.isPending}>
          {unblock.isPending ? 'Unblocking…' : `Unblock ${user.first}`}
        </Button>
      </div>
    </div>
  );
}
