import { Link } from 'react-router';
import Container from 'react-bootstrap/Container';
import { FacebookIcon, InstagramIcon, XIcon, YouTubeIcon } from '../../ui/icons';
import { MarqueeMark } from '../../ui/Wordmark';
import { FOUNDED, SOCIAL_LINKS, SUPPORT_EMAIL } from '../site';
import { useSession } from '../session';

const ICONS = { x: XIcon, facebook: FacebookIcon, instagram: InstagramIcon, youtube: YouTubeIcon };

/** The footer (spec 1 §2): non-affiliation, social links, support mail, policies and the copyright range. */
export function Footer() {
  const year = new Date().getFullYear();
  // Members reach support through the help center (spec 3 §2); visitors, who cannot sign in to it, by mail.
  const { user } = useSession();
  return (
    <footer className="mq-footer">
      <Container fluid="xl">
        <div className="row g-4 align-items-start">
          <div className="col-lg-7">
            <p className="d-flex align-items-center gap-2 fw-bold text-white mb-2">
              <MarqueeMark size={22} /> Marquee
            </p>
            <p className="mb-0">
              Marquee is an independent community for film and TV professionals. It is not affiliated with,
              endorsed by or sponsored by IMDb, Facebook, Twitter or YouTube; their names belong to their
              owners.
            </p>
          </div>
          <div className="col-lg-5">
            <ul className="mq-footer__social list-unstyled d-flex gap-2 mb-3 justify-content-lg-end">
              {SOCIAL_LINKS.map((link) => {
                const Icon = ICONS[link.icon];
                return (
                  <li key={link.href}>
                    <a href={link.href} aria-label={link.name} rel="noopener noreferrer" target="_blank">
                      <Icon />
                    </a>
                  </li>
                );
              })}
            </ul>
            <nav aria-label="Footer">
              <ul className="list-inline mb-0 text-lg-end">
                <li className="list-inline-item">
                  {user ? (
                    <Link to="/help">Contact support</Link>
                  ) : (
                    <a href={`mailto:${SUPPORT_EMAIL}`}>Contact support</a>
                  )}
                </li>
                <li className="list-inline-item">
                  <Link to="/privacy">Privacy Policy</Link>
                </li>
                <li className="list-inline-item">
                  <Link to="/terms">Terms of Service</Link>
                </li>
              </ul>
            </nav>
          </div>
        </div>
        <p className="mt-4 mb-0 pt-3 border-top border-secondary-subtle border-opacity-25">
          © {FOUNDED}–{year} Marquee
        </p>
      </Container>
    </footer>
  );
}
