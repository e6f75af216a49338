// The template catalogue lives in content/templates and is served by the API (features/templates).
export { TemplateSections, TutorialList, useFeaturedTemplates } from '../templates/template-lists';
