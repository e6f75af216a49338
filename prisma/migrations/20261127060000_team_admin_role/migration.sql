-- AlterEnum: team admins manage members and invitations. Sorted between owner and member.
ALTER TYPE "WorkspaceRole" ADD VALUE 'admin' BEFORE 'member';
