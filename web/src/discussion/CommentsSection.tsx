import { type Comment, discussionMessages } from '@kindling/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError, problemMessage } from '../api/apiError.ts';
import { useRowChange } from '../api/useRowChange.ts';
import { paths } from '../app/paths.ts';
import { formatLongDate } from '../format/dates.ts';
import { fullName } from '../ideas/ideaText.ts';
import { Pager } from '../lists/Pager.tsx';
import { useBackToFirstPage } from '../lists/useBackToFirstPage.ts';
import { usePage } from '../lists/useUrlState.ts';
import { Avatar } from '../shell/Avatar.tsx';
import buttons from '../shell/buttons.module.css';
import { DialogTitle, ModalDialog } from '../shell/ModalDialog.tsx';
import { showToast } from '../shell/showToast.ts';
import { useDialogAction } from '../shell/useDialogAction.ts';
import { useScrollToHash } from '../shell/useScrollToHash.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentText } from './CommentText.tsx';
import styles from './discussion.module.css';
import {
  deleteComment,
  discussionKeys,
  fetchComments,
  postComment,
  putComment,
  putCommentHidden,
  putCommentsClosed,
} from './discussionApi.ts';

/** One comment: who wrote it and when, its text, and the author's (or administrator's) actions. */
function CommentItem({
  comment,
  editing,
  busy,
  onEdit,
  onSave,
  onCancel,
  onDelete,
  onHide,
}: {
  comment: Comment;
  editing: boolean;
  busy: boolean;
  onEdit(): void;
  onSave(body: string): Promise<void>;
  onCancel(): void;
  onDelete(): void;
  onHide(): void;
}) {
  const name = fullName(comment.author);
  return (
    <li className={styles.comment} aria-busy={busy || undefined}>
      <div className={styles.commentHead}>
        <Avatar name={name} imageUrl={comment.author.profile_image_url} />
        <div className={styles.who}>
          <Link className={styles.name} to={paths.profile(comment.author.id)}>
            {name}
          </Link>
          <span className={styles.meta}>
            {comment.author.role_name} · {formatLongDate(comment.created_at)}
            {comment.edited_at && ' · edited'}
          </span>
        </div>
        {comment.hidden && comment.can_hide && <span className={styles.status}>Hidden</span>}
      </div>
      {editing ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.body}
          onSave={onSave}
          onCancel={onCancel}
        />
      ) : (
        <>
          {comment.hidden && !comment.can_hide ? (
            <p className={styles.muted}>{discussionMessages.commentHidden}</p>
          ) : (
            <CommentText text={comment.body} />
          )}
          {(comment.can_edit || comment.can_delete || comment.can_hide) && (
            <div className={styles.commentActions}>
              {comment.can_edit && (
                <button type="button" className={styles.textButton} onClick={onEdit}>
                  Edit<span className="visually-hidden"> your comment</span>
                </button>
              )}
              {comment.can_delete && (
                <button
                  type="button"
                  className={styles.textButton}
                  onClick={onDelete}
                  disabled={busy}
                >
                  Delete<span className="visually-hidden"> the comment by {name}</span>
                </button>
              )}
              {comment.can_hide && (
                <button
                  type="button"
                  className={styles.textButton}
                  onClick={onHide}
                  disabled={busy}
                >
                  {comment.hidden ? 'Show' : 'Hide'}
                  <span className="visually-hidden"> the comment by {name}</span>
                </button>
              )}
            </div>
          )}
        </>
      )}
    </li>
  );
}

function DeleteCommentDialog({
  onConfirm,
  onClose,
}: {
  onConfirm(): Promise<void>;
  onClose(): void;
}) {
  const { pending, run } = useDialogAction(onClose);
  return (
    <ModalDialog className={styles.modal} role="alertdialog" onClose={onClose} isDismissable>
      <div className={styles.dialog}>
        <DialogTitle className={styles.dialogTitle}>Delete this comment?</DialogTitle>
        <p className={styles.dialogText}>It will be removed for everyone. This cannot be undone.</p>
        <div className={styles.formButtons}>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={buttons.primary}
            onClick={() => void run(onConfirm)}
            disabled={pending}
          >
            {pending ? 'Deleting…' : 'Delete comment'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

/**
 * CONTRACT §9 comments on the idea page: oldest first, 10 a page (the URL's `page`), a member's
 * own to edit and delete (an administrator deletes or hides any), and the box that warns that
 * every member, industry partners included, reads them before a patent is filed. The idea's
 * principal investigator, case manager and administrators may close the comments.
 */
export function CommentsSection({ ideaId, count }: { ideaId: number; count: number }) {
  const queryClient = useQueryClient();
  const [, setSearch] = useSearchParams();
  const page = usePage();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const list = useQuery({
    queryKey: discussionKeys.commentPage(ideaId, page),
    queryFn: ({ signal }) => fetchComments(ideaId, page, { signal }),
    placeholderData: keepPreviousData,
  });
  useBackToFirstPage(page > 1 && isApiError(list.error, 'NOT_FOUND'));
  // The idea's key holds its comments too: one refresh updates the list and the count.
  const rows = useRowChange<Comment>('comment', ['idea', ideaId]);

  const post = async (body: string) => {
    await postComment(ideaId, body);
    await queryClient.invalidateQueries({ queryKey: ['idea', ideaId] });
    void queryClient.invalidateQueries({ queryKey: ['ideas'] });
    const first = await queryClient.fetchQuery({
      queryKey: discussionKeys.commentPage(ideaId, 1),
      queryFn: ({ signal }) => fetchComments(ideaId, 1, { signal }),
    });
    // Oldest first: the new comment is on the last page.
    const last = Math.max(1, first.total_pages);
    if (last !== page) {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (last === 1) next.delete('page');
          else next.set('page', String(last));
          return next;
        },
        { preventScrollReset: true },
      );
    }
    showToast('Your comment has been posted.', 'success');
  };

  const [closing, setClosing] = useState(false);
  const toggleClosed = async (closed: boolean) => {
    setClosing(true);
    try {
      const { message } = await putCommentsClosed(ideaId, closed);
      await queryClient.invalidateQueries({ queryKey: ['idea', ideaId] });
      showToast(message, 'success');
    } catch (error) {
      showToast(problemMessage(error), 'error');
    } finally {
      setClosing(false);
    }
  };

  // The list and the form (react-hook-form's set-up) render in a deferred pass, which React leaves
  // every few milliseconds for the browser: on the idea page's first load it was one long task of
  // the page's few (decision 0062).
  const data = useDeferredValue(list.data);
  const loading = data === undefined && !list.isError;
  const comments = data?.comments ?? [];
  useScrollToHash('comments', !loading);
  return (
    <section id="comments" className={styles.section} aria-labelledby="idea-comments">
      <h2 id="idea-comments" className={styles.sectionTitle}>
        Comments <span className={styles.count}>({count})</span>
      </h2>
      {loading ? (
        <p className={styles.muted}>Loading comments…</p>
      ) : list.isError && !isApiError(list.error, 'NOT_FOUND') ? (
        <p className={styles.muted} role="alert">
          The comments could not be loaded. {problemMessage(list.error)}
        </p>
      ) : comments.length === 0 ? (
        <p className={styles.muted}>No comments yet. Start the discussion.</p>
      ) : (
        <ol className={styles.comments}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              editing={editing === comment.id}
              busy={rows.busy.has(comment.id)}
              onEdit={() => setEditing(comment.id)}
              onCancel={() => setEditing(null)}
              onSave={async (body) => {
                await rows.change(comment, async () => {
                  await putComment(comment.id, body);
                  return 'Your comment has been saved.';
                });
                setEditing(null);
              }}
              onDelete={() => setDeleting(comment)}
              onHide={() =>
                void rows.change(comment, async () => {
                  const { message } = await putCommentHidden(comment.id, !comment.hidden);
                  return message;
                })
              }
            />
          ))}
        </ol>
      )}
      {data && <Pager page={data.page} totalPages={data.total_pages} />}
      {data?.closed ? (
        <p className={styles.closed}>{discussionMessages.commentsClosed}</p>
      ) : (
        data && (
          <CommentForm
            label="Add a comment"
            submitLabel="Post comment"
            description={discussionMessages.disclosure}
            onSave={post}
          />
        )
      )}
      {data?.can_close && (
        <button
          type="button"
          className={styles.textButton}
          disabled={closing}
          onClick={() => void toggleClosed(!data.closed)}
        >
          {data.closed ? 'Open comments again' : 'Close comments'}
        </button>
      )}
      {deleting && (
        <DeleteCommentDialog
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            rows.change(deleting, async () => {
              await deleteComment(deleting.id);
              return 'The comment has been deleted.';
            })
          }
        />
      )}
    </section>
  );
}
