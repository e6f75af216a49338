import { diagramSlug, type DiagramView } from '@loopwright/contracts';
import { FollowButton, LikeButton } from './social-buttons';

/** Like and follow from the editor's header, for a diagram public on community. */
export function EditorSocial({ diagram }: { diagram: Pick<DiagramView, 'fuid' | 'name' | 'likeCount' | 'owner'> }) {
  const username = diagram.owner.username;
  const link = username
    ? `/community/${username}/${diagramSlug(diagram.name)}-${diagram.fuid}`
    : `/diagrams/${diagram.fuid}`;
  return (
    <div className="editor-social">
      <LikeButton fuid={diagram.fuid} likeCount={diagram.likeCount} link={link} compact />
      {username ? <FollowButton username={username} followerCount={0} /> : null}
    </div>
  );
}
