import { Body, Controller, HttpCode, UseFilters } from '@nestjs/common';
import { contactEndpoints, type ContactForm, type WhitepaperForm } from '@loopwright/contracts';
import { Endpoint } from '../../core/http/endpoint.decorator.js';
import { ContactService } from './contact.service.js';
import { FormEnvelopeFilter } from './form-envelope.filter.js';

@Controller()
@UseFilters(FormEnvelopeFilter)
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Endpoint(contactEndpoints.contact)
  @HttpCode(200)
  async contactForm(@Body() form: ContactForm) {
    return { success: true as const, action: true as const, content: await this.contact.contact(form) };
  }

  @Endpoint(contactEndpoints.whitepaper)
  @HttpCode(200)
  async whitepaperForm(@Body() form: WhitepaperForm) {
    return { success: true as const, action: true as const, content: await this.contact.whitepaper(form) };
  }
}
