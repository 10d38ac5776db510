import { watch } from '@marquee/contract';
import { CATEGORY_CLASS } from './categories';

/** The categories' colours, as the calendar marks its events. */
export function CategoryLegend() {
  return (
    <ul className="mq-legend" aria-label="Categories">
      {watch.EVENT_CATEGORIES.map((c) => (
        <li key={c} className={`mq-legend__item ${CATEGORY_CLASS[c]}`}>
          {watch.CATEGORY_LABEL[c]}
        </li>
      ))}
    </ul>
  );
}
