import { useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { profile, uploads } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { showError, showSuccess } from '../../ui/toast';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { profileKey, uploadPhoto } from './api';

interface PhotoGalleryProps {
  userId: number;
  first: string;
  pictures: profile.ProfilePicture[];
  canAdd: boolean;
  addRefusal: string;
  isOwn: boolean;
}

const ACCEPT = 'image/png,image/gif,image/jpeg,image/bmp';

/** The profile's photos (spec 2 §2): the owner adds, deletes and picks the default; everyone can look closer. */
export function PhotoGallery({ userId, first, pictures, canAdd, addRefusal, isOwn }: PhotoGalleryProps) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileKey(userId) });
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState('');
  const [deleting, setDeleting] = useState<profile.ProfilePicture | null>(null);
  const [viewing, setViewing] = useState<profile.ProfilePicture | null>(null);

  const upload = useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => {
      setUploadError('');
      showSuccess('Your picture was added.');
      return refresh();
    },
    onError: (error) =>
      setUploadError(error instanceof ApiError ? error.message : 'The upload failed. Please try again.'),
  });
  const makeDefault = useMutation({
    mutationFn: (image: string) => call(profile.makePictureDefault, { image }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      return refresh();
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: (image: string) => call(profile.deletePicture, { image }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      setDeleting(null);
      return refresh();
    },
    onError: showError,
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server checks again, by content; this spares a long wait for a file that can't go.
    if (file.size > uploads.MAX_UPLOAD_BYTES) {
      setUploadError(uploads.TOO_LARGE);
      return;
    }
    upload.mutate(file);
  };

  return (
    <>
      {isOwn && (
        <div className="mq-photo-add">
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Choose a photo to add"
            onChange={choose}
          />
          <Button
            variant="primary"
            size="sm"
            disabled={!canAdd || upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {upload.isPending ? 'Uploading…' : 'Add photo'}
          </Button>
          <span className="small text-body-secondary">PNG, GIF, JPEG or BMP, up to 2 MB.</span>
          {!canAdd && addRefusal && <p className="small mb-0 mq-photo-add__limit">{addRefusal}</p>}
          {uploadError && (
            <p className="alert alert-danger py-2 px-3 mb-0 small w-100" role="alert">
              {uploadError}
            </p>
          )}
        </div>
      )}
      {pictures.length === 0 ? (
        <p className="text-body-secondary mb-0">
          {isOwn
            ? 'You have no photos yet. Add a headshot so members know who they are working with.'
            : `${first} has no photos yet.`}
        </p>
      ) : (
        <ul className="mq-photos" aria-label={`${first}'s photos`}>
          {pictures.map((p) => (
            <li key={p.name} className={`mq-photo${p.isDefault ? ' mq-photo--default' : ''}`}>
              <button type="button" className="mq-photo__open" onClick={() => setViewing(p)}>
                <img
                  src={p.url}
                  alt={p.isDefault ? `${first}'s profile photo` : `A photo of ${first}`}
                  loading="lazy"
                />
              </button>
              {p.isDefault && <span className="mq-photo__badge">Profile photo</span>}
              {(p.canMakeDefault || p.canDelete) && (
                <div className="mq-photo__actions">
                  {p.canMakeDefault && (
                    <Button
                      size="sm"
                      variant="light"
                      disabled={makeDefault.isPending}
                      onClick={() => makeDefault.mutate(p.name)}
                    >
                      Make default
                    </Button>
                  )}
                  {p.canDelete && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      className="bg-white"
                      onClick={() => setDeleting(p)}
                    >
                      Delete
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        show={deleting !== null}
        title="Delete this picture?"
        confirmLabel="Delete picture"
        busyLabel="Deleting…"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.name)}
        onClose={() => setDeleting(null)}
      >
        {deleting && <img className="mq-photo-confirm" src={deleting.thumb} alt="" width={80} height={80} />}
        <p className="mb-0">
          The picture is removed from your profile for good.
          {deleting?.isDefault && ' Another of your photos becomes your profile photo.'}
        </p>
      </ConfirmModal>
      <Modal
        show={viewing !== null}
        onHide={() => setViewing(null)}
        centered
        size="lg"
        aria-label={`A photo of ${first}`}
      >
        <Modal.Header closeButton closeLabel="Close the photo" />
        <Modal.Body className="text-center">
          {viewing && <img className="mq-photo-large" src={viewing.url} alt={`A photo of ${first}`} />}
        </Modal.Body>
      </Modal>
    </>
  );
}
