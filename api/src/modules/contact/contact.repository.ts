import { Injectable } from '@nestjs/common';
import { PrismaService, type TransactionClient } from '../../core/prisma/prisma.service.js';

export interface SubmissionInput {
  form: 'contact' | 'whitepaper';
  name: string;
  email: string;
  jobTitle: string;
  company: string;
  subject: string;
  message: string;
}

@Injectable()
export class ContactRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(input: SubmissionInput, tx: TransactionClient = this.prisma) {
    return tx.contactSubmission.create({ data: input });
  }

  /** Whether this address asked for the whitepaper since `since` (then it is not mailed again). */
  async askedForWhitepaperSince(email: string, since: Date, tx: TransactionClient = this.prisma): Promise<boolean> {
    const row = await tx.contactSubmission.findFirst({
      where: { form: 'whitepaper', email: { equals: email, mode: 'insensitive' }, createdAt: { gte: since } },
      select: { id: true },
    });
    return row !== null;
  }
}
