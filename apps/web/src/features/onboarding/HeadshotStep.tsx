import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { onboarding, profile, uploads } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { useSession } from '../../app/session';
import { Avatar } from '../../ui/Avatar';
import { PageLoading } from '../../ui/Preloader';
import { showSuccess } from '../../ui/toast';
import { profileQuery, uploadPhoto } from '../profile';
import type { StepProps } from './steps';

const ACCEPT = '.jpg,.jpeg,.png,.bmp,image/jpeg,image/png,image/bmp';

/** JPG, PNG or BMP (spec 4 §5), told by the browser's type or, for BMPs it leaves untyped, the name. */
export function isHeadshotFile(file: { type: string; name: string }): boolean {
  if ((onboarding.HEADSHOT_TYPES as readonly string[]).includes(file.type)) return true;
  if (file.type === 'image/x-ms-bmp') return true;
  return file.type === '' && /\.(jpe?g|png|bmp)$/i.test(file.name);
}

/**
 * Step 1: a headshot through the one upload pipeline, made the default picture at once; or one of
 * the member's photos already there, made the default.
 */
export function HeadshotStep({ userId, done, onEffect }: StepProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  const details = useQuery(profileQuery(userId));
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');

  const afterDefault = async () => {
    const fresh = await queryClient.fetchQuery({ ...profileQuery(userId), staleTime: 0 });
    const thumb = fresh.images.find((p) => p.isDefault)?.thumb ?? null;
    if (user && user.avatar !== thumb) updateUser({ ...user, avatar: thumb });
    onEffect();
  };

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { imageName } = await uploadPhoto(file);
      // The first photo is the default already; a later one is made the default here (spec 4 §2).
      await call(profile.makePictureDefault, { image: imageName });
    },
    onSuccess: async () => {
      setProblem('');
      showSuccess('Your headshot is now your profile photo.');
      await afterDefault();
    },
    onError: (error) =>
      setProblem(error instanceof ApiError ? error.message : 'The upload failed. Please try again.'),
    meta: { quiet: true },
  });
  const makeDefault = useMutation({
    mutationFn: (image: string) => call(profile.makePictureDefault, { image }),
    onSuccess: async (answer) => {
      setProblem('');
      showSuccess(answer.message);
      await afterDefault();
    },
    onError: (error) =>
      setProblem(error instanceof ApiError ? error.message : 'That did not work. Please try again.'),
    meta: { quiet: true },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isHeadshotFile(file)) return setProblem(onboarding.HEADSHOT_WRONG_TYPE);
    // The server checks again, by content; this spares a long wait for a file that can't go.
    if (file.size > uploads.MAX_UPLOAD_BYTES) return setProblem(uploads.TOO_LARGE);
    upload.mutate(file);
  };

  if (details.isPending) return <PageLoading label="Loading your photos…" />;
  if (details.isError) {
    return (
      <div role="alert">
        <p className="mb-2">Your photos could not be loaded just now.</p>
        <Button variant="outline-primary" size="sm" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const pictures = details.data.images;
  const current = pictures.find((p) => p.isDefault) ?? null;
  const others = pictures.filter((p) => !p.isDefault && p.canMakeDefault);
  const busy = upload.isPending || makeDefault.isPending;

  return (
    <div className="mq-wizard-headshot">
      <figure className="mq-wizard-headshot__now">
        <Avatar src={current?.url ?? null} size={140} alt={current ? 'Your profile photo' : 'No photo yet'} />
        <figcaption className="small text-body-secondary">
          {current ? 'Your profile photo' : 'No profile photo yet'}
        </figcaption>
      </figure>
      <div className="mq-wizard-headshot__do">
        <p>
          Members see your picture beside your listings, posts and messages. Upload a JPG, PNG or BMP headshot
          and it becomes your profile photo at once.
        </p>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Choose a headshot to upload"
          onChange={choose}
        />
        <Button
          variant={done ? 'outline-primary' : 'primary'}
          disabled={busy}
          onClick={() => fileInput.current?.click()}
          aria-describedby={`${id}-types`}
        >
          {upload.isPending ? 'Uploading…' : current ? 'Upload a new headshot' : 'Upload your headshot'}
        </Button>
        <p id={`${id}-types`} className="small text-body-secondary mt-2 mb-0">
          Up to 2 MB. A square crop of your face and shoulders looks best.
        </p>
        {problem && (
          <p className="alert alert-danger py-2 px-3 mt-3 mb-0" role="alert">
            {problem}
          </p>
        )}
        {others.length > 0 && (
          <div className="mt-3">
            <h3 className="h6 mb-2">Or use a photo you already have</h3>
            <ul className="mq-wizard-photos" aria-label="Your other photos">
              {others.map((p) => (
                <li key={p.name}>
                  <img src={p.thumb} alt="" width={64} height={64} />
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={busy}
                    onClick={() => makeDefault.mutate(p.name)}
                  >
                    Use as profile photo
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
