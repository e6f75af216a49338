import { Module } from '@nestjs/common';
import { InstanceSettingsRepository } from './instance-settings.repository.js';
import { InstanceService } from './instance.service.js';

@Module({ providers: [InstanceSettingsRepository, InstanceService], exports: [InstanceService] })
export class InstanceModule {}
