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
}
