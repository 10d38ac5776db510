import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { board, home } from '@marquee/contract';
import { call } from '../../app/api';

/** The home page's cards: one call each, quiet (each card shows its own failure). */
export const homeKey = ['home'] as const;

export const featuredVideoQuery = queryOptions({
  queryKey: [...homeKey, 'featuredVideo'],
  queryFn: ({ signal }) => call(home.fetchFeaturedVideo, {}, { signal }),
  meta: { quiet: true },
});

export const newMembersQuery = queryOptions({
  queryKey: [...homeKey, 'newMembers'],
  queryFn: ({ signal }) => call(home.fetchNewMembers, {}, { signal }),
  meta: { quiet: true },
});

export const recentPostsQuery = queryOptions({
  queryKey: [...homeKey, 'recentPosts'],
  queryFn: ({ signal }) => call(board.fetchRecentPosts, {}, { signal }),
  meta: { quiet: true },
});

/** Thumbs up or down on the featured video; the card then knows the member has voted. */
export function useRateVideo(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: home.Vote) => call(home.rateVideo, { video_id: videoId, vote }),
    meta: { quiet: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(featuredVideoQuery.queryKey, (old) =>
        old?.status === 'success' && old.video.id === videoId
          ? { ...old, video: { ...old.video, voted: 'yes' as const, my_vote: answer.vote } }
          : old,
      );
    },
  });
}
