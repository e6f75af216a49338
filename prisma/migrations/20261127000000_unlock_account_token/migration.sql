-- An e-mailed link that lifts a login lock-out (issue 27): its own token purpose.
ALTER TYPE "AuthTokenPurpose" ADD VALUE 'unlock_account';
