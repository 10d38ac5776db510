import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exchange } from '@marquee/contract';
import { ApiError } from '../../app/api';
import { Avatar } from '../../ui/Avatar';
import { showSuccess } from '../../ui/toast';
import { findProfile, refreshInstagram, saveListing } from './api';

/** A picture chosen from the member's files, shown before it is sent; its address is let go when replaced. */
function usePreview(): [string | null, (file: File | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const held = useRef<string | null>(null);
  useEffect(() => () => void (held.current && URL.revokeObjectURL(held.current)), []);
  const choose = (file: File | null) => {
    if (held.current) URL.revokeObjectURL(held.current);
    held.current = file ? URL.createObjectURL(file) : null;
    setUrl(held.current);
  };
  return [url, choose];
}

/**
 * The Instagram setup form (spec 4 §2, §5, EX2): the profile's address and Find, which fills the
 * title and description and shows the profile's picture; the member may keep that picture or choose
 * their own. Every field is required. Saved, the setup is checked again and the exchange opens.
 */
export function SetupForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [profileImage, setProfileImage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [findProblem, setFindProblem] = useState('');
  const [preview, showPreview] = usePreview();

  const find = useMutation({
    mutationFn: () => findProfile(url.trim()),
    meta: { quiet: true },
    onSuccess: (answer) => {
      setFindProblem('');
      setTitle(answer.details['og:title']);
      setDescription(answer.details['og:description']);
      setProfileImage(answer.details['og:image']);
    },
    onError: (error) =>
      setFindProblem(error instanceof ApiError ? error.message : exchange.EXCHANGE_MESSAGES.profileNotFound),
  });

  const save = useMutation({
    mutationFn: () => {
      const fields = { url: url.trim(), title: title.trim(), description: description.trim() };
      return saveListing(fields, file ? { file } : { image: profileImage });
    },
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      await refreshInstagram(queryClient);
    },
  });

  const onFind = () => {
    setProblem('');
    if (!url.trim()) {
      setFindProblem('Please type your Instagram profile’s address first.');
      return;
    }
    find.mutate();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim() || !title.trim() || !description.trim() || (!file && !profileImage)) {
      setProblem(exchange.EXCHANGE_MESSAGES.setupFields);
      return;
    }
    setProblem('');
    save.mutate();
  };

  const shown = preview ?? (profileImage || null);
  const urlHelp = `${id}-url-help`;
  const urlError = `${id}-url-error`;

  return (
    <section className="card mq-exchange-setup" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="mq-exchange-setup__title">
          Set up your Instagram listing
        </h2>
        <p className="text-body-secondary">
          Members see your listing and follow you; you follow them back. Start with your profile&rsquo;s
          address and we fill in the rest.
        </p>
        <form onSubmit={onSubmit} noValidate>
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-url`}>
              Instagram profile URL
            </label>
            <div className="input-group">
              <input
                id={`${id}-url`}
                type="url"
                className={`form-control${findProblem ? ' is-invalid' : ''}`}
                placeholder="https://www.instagram.com/yourname/"
                autoComplete="url"
                value={url}
                maxLength={300}
                aria-describedby={findProblem ? `${urlError} ${urlHelp}` : urlHelp}
                aria-invalid={findProblem ? true : undefined}
                onChange={(event) => setUrl(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    onFind();
                  }
                }}
              />
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={onFind}
                disabled={find.isPending}
              >
                {find.isPending ? 'Finding…' : 'Find'}
              </button>
            </div>
            {findProblem && (
              <div id={urlError} className="invalid-feedback d-block" role="alert">
                {findProblem}
              </div>
            )}
            <div id={urlHelp} className="form-text">
              The whole address of your profile, as it shows in your browser.
            </div>
          </div>

          <div className="mq-exchange-setup__profile">
            <div className="mq-exchange-setup__picture">
              <Avatar src={shown} size={80} alt={shown ? 'Your listing picture' : ''} />
            </div>
            <div className="mq-exchange-setup__fields">
              <div className="mb-3">
                <label className="form-label" htmlFor={`${id}-title-field`}>
                  Title
                </label>
                <input
                  id={`${id}-title-field`}
                  className="form-control"
                  value={title}
                  maxLength={150}
                  onChange={(event) => setTitle(event.target.value)}
                />
              </div>
              <div className="mb-3">
                <label className="form-label" htmlFor={`${id}-description`}>
                  Description
                </label>
                <textarea
                  id={`${id}-description`}
                  className="form-control"
                  rows={3}
                  value={description}
                  maxLength={500}
                  onChange={(event) => setDescription(event.target.value)}
                />
              </div>
              <div className="mb-3">
                <label className="form-label" htmlFor={`${id}-picture`}>
                  Your picture
                </label>
                <input
                  id={`${id}-picture`}
                  type="file"
                  className="form-control"
                  accept="image/jpeg,image/png,image/gif"
                  aria-describedby={`${id}-picture-help`}
                  onChange={(event) => {
                    const chosen = event.target.files?.[0] ?? null;
                    setFile(chosen);
                    showPreview(chosen);
                  }}
                />
                <div id={`${id}-picture-help`} className="form-text">
                  {profileImage
                    ? 'We use your Instagram profile picture unless you choose another one here (JPEG, PNG or GIF, under 2 MB).'
                    : 'Choose a picture of you (JPEG, PNG or GIF, under 2 MB), or press Find to use your Instagram profile picture.'}
                </div>
              </div>
            </div>
          </div>

          {problem && (
            <div className="alert alert-danger" role="alert">
              {problem}
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save my listing'}
          </button>
        </form>
      </div>
    </section>
  );
}
