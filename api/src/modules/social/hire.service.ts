import { Injectable } from '@nestjs/common';
import { ErrorCode, SocialTexts, type HireDesignerForm } from '@loopwright/contracts';
import { AppError } from '../../core/errors/app-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.service.js';
import { DomainEventsService } from '../events/domain-events.service.js';
import { MailService } from '../mail/mail.service.js';
import { SocialRepository } from './social.repository.js';

/** Per sender address and per network address: enough for real enquiries, too few for spam. */
export const HIRE_LIMITS = { perEmail: 5, perIp: 10, windowMs: 60 * 60 * 1000 } as const;

/**
 * "Hire designer": the message goes to the designer by e-mail through the outbox, with the
 * sender's address as reply-to; the designer's address is never shown to the sender.
 */
@Injectable()
export class HireService {
  constructor(
    private readonly repository: SocialRepository,
    private readonly mail: MailService,
    private readonly limiter: RateLimiter,
    private readonly events: DomainEventsService,
  ) {}

  async hire(form: HireDesignerForm, ip: string): Promise<string> {
    await this.limiter.hit({ key: `hire:ip:${ip}`, max: HIRE_LIMITS.perIp, windowMs: HIRE_LIMITS.windowMs });
    await this.limiter.hit({
      key: `hire:email:${form.email.toLowerCase()}`,
      max: HIRE_LIMITS.perEmail,
      windowMs: HIRE_LIMITS.windowMs,
    });
    const designer = await this.repository.findDesigner(form.username);
    if (!designer)
      throw new AppError(ErrorCode.COMMUNITY_HIRE_FAILED, { details: { cause: 'This designer could not be found' } });
    if (!designer.availableForHire)
      throw new AppError(ErrorCode.COMMUNITY_HIRE_FAILED, {
        details: { cause: 'This designer is not available for hire' },
      });
    const designerName = `${designer.firstName ?? ''} ${designer.lastName ?? ''}`.trim() || designer.username;
    const props = {
      designerName,
      senderName: form.name,
      senderEmail: form.email,
      company: form.company,
      project: form.project,
      message: form.message,
    };
    const ids = await this.events.transaction(async (tx) => {
      const toDesigner = await this.mail.record('hire-designer', designer.email, props, tx);
      const copy = form.sendCopy ? [await this.mail.record('hire-designer-copy', form.email, props, tx)] : [];
      return [toDesigner, ...copy];
    });
    await this.mail.dispatch(...ids);
    return SocialTexts.hireSent;
  }
}
