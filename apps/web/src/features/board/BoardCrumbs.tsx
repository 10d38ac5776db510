import { Link } from 'react-router';
import { board } from '@marquee/contract';

/** Where on the board a category or topic page is: Message Board › category › topic (the last is the page itself). */
export function BoardCrumbs({
  category,
  topic,
}: {
  category?: { category: string; name: string };
  topic?: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="mq-board-crumbs">
      <ol>
        <li>
          {category ? (
            <Link to={board.BOARD_PATH}>Message Board</Link>
          ) : (
            <span aria-current="page">Message Board</span>
          )}
        </li>
        {category && (
          <li>
            {topic !== undefined ? (
              <Link to={board.categoryPath(category.category)}>{category.name}</Link>
            ) : (
              <span aria-current="page">{category.name}</span>
            )}
          </li>
        )}
        {topic !== undefined && (
          <li>
            <span aria-current="page">{topic}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
