import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { featuredMembers } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { featuredMembersQuery } from './api';
import { usePrefersReducedMotion } from '../home';

/**
 * Today's featured members (spec 1 Home page, D8.3): a looping carousel, 8 s a slide. Nothing at all
 * while it loads, when the call fails or when nobody is featured, as the spec asks.
 */
export function FeaturedMembers() {
  const featured = useQuery(featuredMembersQuery);
  const users = featured.data?.users ?? [];
  if (users.length === 0) return null;
  return <MembersCarousel users={users} />;
}

function MembersCarousel({ users }: { users: featuredMembers.FeaturedMember[] }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || stopped;
  const count = users.length;
  const current = index % count;

  // One timer per slide: pausing and resuming gives the slide its full 8 s again.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), featuredMembers.CAROUSEL.slideMs);
    return () => window.clearTimeout(timer);
  }, [current, paused, count]);

  return (
    <section
      className="card mq-side-card mq-featured"
      aria-roledescription="carousel"
      aria-labelledby={`${id}-title`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="card-body">
        <div className="mq-featured__head">
          <h2 id={`${id}-title`} className="mq-side-card__title mb-0">
            Featured Members
          </h2>
          {count > 1 && (
            <button
              type="button"
              className="mq-featured__pause"
              onClick={() => setStopped((s) => !s)}
              aria-label={stopped ? 'Play the featured members' : 'Pause the featured members'}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
          )}
        </div>
        {/* Announced only while the member is in control: a rotating slide would talk over everything. */}
        <div
          className={`mq-featured__slides${reducedMotion ? ' is-still' : ''}`}
          aria-live={paused ? 'polite' : 'off'}
          style={{ ['--mq-slide-ms' as string]: `${featuredMembers.CAROUSEL.transitionMs}ms` }}
        >
          {users.map((user, i) => (
            <Slide key={user.id} user={user} label={`${i + 1} of ${count}`} shown={i === current} />
          ))}
        </div>
        {count > 1 && (
          <div className="mq-featured__dots" role="group" aria-label="Choose a featured member">
            {users.map((user, i) => (
              <button
                key={user.id}
                type="button"
                className={`mq-featured__dot${i === current ? ' is-current' : ''}`}
                aria-label={`Show ${user.full_name}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function Slide({
  user,
  label,
  shown,
}: {
  user: featuredMembers.FeaturedMember;
  label: string;
  shown: boolean;
}) {
  const [first, ...more] = user.images;
  return (
    <div
      className={`mq-featured__slide${shown ? ' is-shown' : ''}`}
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-hidden={!shown}
      inert={!shown}
    >
      <Link to={`/profile/${user.id}`} className="mq-featured__member">
        <Avatar src={first} size={112} alt="" className="mq-featured__photo" />
        <span className="mq-featured__name">{user.full_name}</span>
      </Link>
      <p className="mq-featured__desc">{user.desc_line}</p>
      {more.length > 0 && (
        <div className="mq-featured__more" aria-hidden="true">
          {more.slice(0, 3).map((name) => (
            <Avatar key={name} src={name} size={40} alt="" />
          ))}
        </div>
      )}
    </div>
  );
}
