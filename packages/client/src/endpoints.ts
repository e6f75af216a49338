// Generated from the endpoint definitions in packages/contracts by `npm run client:generate`: do not edit.
import type * as contracts from '@loopwright/contracts';
import type { RouteTable } from './types.js';

/** Every endpoint group of the contracts, by the name the client gives it. */
export interface Endpoints {
  account: typeof contracts.accountEndpoints;
  admin: typeof contracts.adminEndpoints;
  audit: typeof contracts.auditEndpoints;
  auth: typeof contracts.authEndpoints;
  balanceTest: typeof contracts.balanceTestEndpoints;
  billing: typeof contracts.billingEndpoints;
  comment: typeof contracts.commentEndpoints;
  community: typeof contracts.communityEndpoints;
  compare: typeof contracts.compareEndpoints;
  contact: typeof contracts.contactEndpoints;
  content: typeof contracts.contentEndpoints;
  diagram: typeof contracts.diagramEndpoints;
  diagramVersion: typeof contracts.diagramVersionEndpoints;
  drive: typeof contracts.driveEndpoints;
  health: typeof contracts.healthEndpoints;
  invitation: typeof contracts.invitationEndpoints;
  library: typeof contracts.libraryEndpoints;
  mcp: typeof contracts.mcpEndpoints;
  notification: typeof contracts.notificationEndpoints;
  plan: typeof contracts.planEndpoints;
  play: typeof contracts.playEndpoints;
  preference: typeof contracts.preferenceEndpoints;
  proposal: typeof contracts.proposalEndpoints;
  search: typeof contracts.searchEndpoints;
  sharing: typeof contracts.sharingEndpoints;
  social: typeof contracts.socialEndpoints;
  sso: typeof contracts.ssoEndpoints;
  tag: typeof contracts.tagEndpoints;
  teamDiagram: typeof contracts.teamDiagramEndpoints;
  team: typeof contracts.teamEndpoints;
  template: typeof contracts.templateEndpoints;
  tour: typeof contracts.tourEndpoints;
  tracking: typeof contracts.trackingEndpoints;
  user: typeof contracts.userEndpoints;
  webhook: typeof contracts.webhookEndpoints;
}

/** Method, path and media types of every endpoint, as the contracts define them (checked by tsc). */
export const routes = {
  account: {
    delete: { method: 'DELETE', path: '/account' },
  },
  admin: {
    setupStatus: { method: 'GET', path: '/admin/setup' },
    setup: { method: 'POST', path: '/admin/setup' },
    proveInstanceId: { method: 'POST', path: '/admin/instance-id' },
    getMailSettings: { method: 'GET', path: '/admin/mail-settings' },
    saveMailSettings: { method: 'PUT', path: '/admin/mail-settings' },
    deleteMailSettings: { method: 'DELETE', path: '/admin/mail-settings' },
    testMail: { method: 'POST', path: '/admin/mail-settings/test' },
    mailLog: { method: 'GET', path: '/admin/mail-log' },
    mailLogMessage: { method: 'GET', path: '/admin/mail-log/:id' },
    users: { method: 'GET', path: '/admin/users' },
    confirmUser: { method: 'POST', path: '/admin/users/:id/confirm' },
    resendConfirmation: { method: 'POST', path: '/admin/users/:id/resend-confirmation' },
    disableUser: { method: 'POST', path: '/admin/users/:id/disable' },
    enableUser: { method: 'POST', path: '/admin/users/:id/enable' },
    deleteUser: { method: 'DELETE', path: '/admin/users/:id' },
  },
  audit: {
    list: { method: 'GET', path: '/admin/audit-log' },
  },
  auth: {
    register: { method: 'POST', path: '/oauth2/register' },
    confirmEmail: { method: 'POST', path: '/oauth2/confirm-email' },
    resendConfirmation: { method: 'POST', path: '/oauth2/resend-confirmation' },
    login: { method: 'POST', path: '/oauth2/login' },
    logout: { method: 'POST', path: '/oauth2/logout' },
    userinfo: { method: 'GET', path: '/oauth2/userinfo' },
    refresh: { method: 'POST', path: '/oauth2/refresh' },
    recoverPassword: { method: 'POST', path: '/oauth2/password/recover' },
    resetPassword: { method: 'POST', path: '/oauth2/password/reset' },
    unlockAccount: { method: 'POST', path: '/oauth2/unlock' },
    changePassword: { method: 'POST', path: '/oauth2/password/change' },
    googleStart: { method: 'GET', path: '/oauth2/google/start', produces: 'text/html' },
    googleCallback: { method: 'GET', path: '/oauth2/google/callback', produces: 'text/html' },
    clientConfig: { method: 'GET', path: '/oauth2/config' },
    listSessions: { method: 'GET', path: '/sessions' },
    revokeSession: { method: 'DELETE', path: '/sessions/:id' },
  },
  balanceTest: {
    listAll: { method: 'GET', path: '/balance-tests' },
    list: { method: 'GET', path: '/diagrams/:fuid/balance-tests' },
    create: { method: 'POST', path: '/diagrams/:fuid/balance-tests' },
    delete: { method: 'DELETE', path: '/balance-tests/:id' },
    run: { method: 'POST', path: '/balance-tests/:id/runs' },
  },
  billing: {
    overview: { method: 'GET', path: '/billing' },
    checkout: { method: 'POST', path: '/billing/checkout' },
    portal: { method: 'POST', path: '/billing/portal' },
    cancel: { method: 'POST', path: '/billing/subscription/cancel' },
    undoCancel: { method: 'POST', path: '/billing/subscription/undo-cancel' },
    resume: { method: 'POST', path: '/billing/subscription/resume' },
    retryPayment: { method: 'POST', path: '/billing/subscription/retry-payment' },
    changePlan: { method: 'POST', path: '/billing/subscription/change' },
    cancelPendingChange: { method: 'POST', path: '/billing/subscription/pending-change/cancel' },
    invoices: { method: 'GET', path: '/billing/invoices' },
    accountDetails: { method: 'GET', path: '/billing/account' },
    saveAccountDetails: { method: 'PUT', path: '/billing/account' },
    setTaxId: { method: 'PUT', path: '/billing/tax-id' },
    deleteTaxId: { method: 'DELETE', path: '/billing/tax-id' },
    webhook: { method: 'POST', path: '/billing/webhooks', consumes: ['*/*'] },
  },
  comment: {
    list: { method: 'GET', path: '/diagrams/:fuid/comment-threads' },
    create: { method: 'POST', path: '/diagrams/:fuid/comment-threads' },
    reply: { method: 'POST', path: '/diagrams/:fuid/comment-threads/:threadId/comments' },
    resolve: { method: 'POST', path: '/diagrams/:fuid/comment-threads/:threadId/resolve' },
    reopen: { method: 'POST', path: '/diagrams/:fuid/comment-threads/:threadId/reopen' },
    edit: { method: 'PATCH', path: '/diagrams/:fuid/comments/:commentId' },
    remove: { method: 'DELETE', path: '/diagrams/:fuid/comments/:commentId' },
    people: { method: 'GET', path: '/diagrams/:fuid/mentionable-people' },
  },
  community: {
    diagrams: { method: 'GET', path: '/community/diagrams' },
    diagramCard: { method: 'GET', path: '/community/diagram-card' },
    diagramsDataNoCache: { method: 'GET', path: '/community/diagrams-data-nocache' },
    diagramContributors: { method: 'GET', path: '/community/diagram-contributors' },
    diagramSearch: { method: 'GET', path: '/community/diagram-search' },
    diagramSearchTag: { method: 'GET', path: '/community/diagram-search-tag' },
    tags: { method: 'GET', path: '/community/tags' },
    userSearch: { method: 'GET', path: '/community/user-search' },
    users: { method: 'GET', path: '/community/users' },
    search: { method: 'GET', path: '/community/search' },
    suggestions: { method: 'GET', path: '/community/suggestions' },
    activityFeed: { method: 'GET', path: '/community/user/get-activity-feed' },
    markActivity: { method: 'POST', path: '/community/user/mark-activity' },
    intercomIdentifier: { method: 'GET', path: '/intercom/identifier/:userId' },
    recordView: { method: 'POST', path: '/community/views' },
    spotlights: { method: 'GET', path: '/community/spotlights' },
    addSpotlight: { method: 'POST', path: '/community/spotlights' },
    removeSpotlight: { method: 'DELETE', path: '/community/spotlights/:kind/:key' },
    runOfTheMonth: { method: 'POST', path: '/community/of-the-month/run' },
  },
  compare: {
    compare: { method: 'GET', path: '/diagrams/:fuid/compare' },
  },
  contact: {
    contact: { method: 'POST', path: '/contact/form' },
    whitepaper: { method: 'POST', path: '/liveops-whitepaper/form' },
  },
  content: {
    chapters: { method: 'GET', path: '/wp-json/:collection/chapters' },
    chapterCategory: { method: 'GET', path: '/wp-json/wp/v2/:taxonomy' },
    pageBySlug: { method: 'GET', path: '/wp-json/:collection/slug/:slug' },
    postRef: { method: 'GET', path: '/wp-json/:collection/post/:parentId' },
    docsSearch: { method: 'GET', path: '/wp-json/docs/search/:term' },
    posts: { method: 'GET', path: '/wp-json/posts/:perPage/:page' },
    postsInCategory: { method: 'GET', path: '/wp-json/posts/:perPage/:page/:categoryId' },
    postsByAuthor: { method: 'GET', path: '/wp-json/posts/author/:slug/:perPage/:page' },
    categories: { method: 'GET', path: '/wp-json/post-categories' },
    page: { method: 'GET', path: '/wp-json/page/:slug' },
    post: { method: 'GET', path: '/wp-json/post/:slug' },
    menus: { method: 'GET', path: '/wp-json/menus' },
    cta: { method: 'GET', path: '/wp-json/acf/options/cta' },
    glossary: { method: 'GET', path: '/wp-json/glossary' },
    glossaryTerm: { method: 'GET', path: '/wp-json/glossary/:slug' },
    jobs: { method: 'GET', path: '/wp-json/careers' },
    job: { method: 'GET', path: '/wp-json/careers/:slug' },
    partners: { method: 'GET', path: '/wp-json/partners' },
    featured: { method: 'GET', path: '/wp-json/community/featured' },
    tweets: { method: 'GET', path: '/system/tweets/:ids' },
    saveEntry: { method: 'PUT', path: '/content/entries/:kind/:slug' },
    deleteEntry: { method: 'DELETE', path: '/content/entries/:kind/:slug' },
  },
  diagram: {
    create: { method: 'POST', path: '/diagrams' },
    list: { method: 'GET', path: '/diagrams' },
    get: { method: 'GET', path: '/diagrams/:fuid' },
    save: { method: 'PUT', path: '/diagrams/:fuid/document' },
    update: { method: 'PATCH', path: '/diagrams/:fuid' },
    delete: { method: 'DELETE', path: '/diagrams/:fuid' },
    restore: { method: 'POST', path: '/diagrams/:fuid/restore' },
    deleteForever: { method: 'DELETE', path: '/diagrams/:fuid/forever' },
    emptyTrash: { method: 'POST', path: '/diagrams/trash/empty' },
    copy: { method: 'POST', path: '/diagrams/:fuid/copies' },
    details: { method: 'GET', path: '/diagrams/:fuid/details' },
    import: { method: 'POST', path: '/diagrams/import' },
    exportJson: { method: 'GET', path: '/diagrams/:fuid/export/json' },
    exportSvg: { method: 'GET', path: '/diagrams/:fuid/export/svg', produces: 'image/svg+xml' },
    exportPng: { method: 'GET', path: '/diagrams/:fuid/export/png', produces: 'image/png' },
  },
  diagramVersion: {
    list: { method: 'GET', path: '/diagrams/:fuid/versions' },
    get: { method: 'GET', path: '/diagrams/:fuid/versions/:versionId' },
    restore: { method: 'POST', path: '/diagrams/:fuid/versions/:versionId/restore' },
  },
  drive: {
    status: { method: 'GET', path: '/drive/status' },
    connect: { method: 'GET', path: '/drive/connect', produces: 'text/html' },
    callback: { method: 'GET', path: '/drive/callback', produces: 'text/html' },
    disconnect: { method: 'DELETE', path: '/drive/connection' },
    export: { method: 'POST', path: '/drive/exports' },
    files: { method: 'GET', path: '/drive/files' },
    import: { method: 'POST', path: '/drive/files/:fileId/import' },
  },
  health: {
    live: { method: 'GET', path: '/health/live' },
    ready: { method: 'GET', path: '/health/ready' },
  },
  invitation: {
    mine: { method: 'GET', path: '/invitations' },
    get: { method: 'GET', path: '/invitations/:key' },
    accept: { method: 'POST', path: '/invitations/:key/accept' },
    decline: { method: 'POST', path: '/invitations/:key/decline' },
  },
  library: {
    list: { method: 'GET', path: '/library' },
    create: { method: 'POST', path: '/library' },
    update: { method: 'PATCH', path: '/library/:id' },
    reorder: { method: 'PUT', path: '/library/order' },
    delete: { method: 'DELETE', path: '/library/:id' },
  },
  mcp: {
    post: { method: 'POST', path: '/mcp' },
    stream: { method: 'GET', path: '/mcp' },
  },
  notification: {
    list: { method: 'GET', path: '/notifications' },
    add: { method: 'POST', path: '/notifications/add' },
    markViewed: { method: 'POST', path: '/notifications/mark-as-viewed' },
  },
  plan: {
    planFeatures: { method: 'GET', path: '/get-plan-features' },
    prodConfig: { method: 'GET', path: '/get-prod-config' },
    catalogue: { method: 'GET', path: '/plans' },
    subscription: { method: 'GET', path: '/subscription' },
    usage: { method: 'GET', path: '/subscription/usage' },
    startTrial: { method: 'POST', path: '/start-trial/:planName/:billingCycle' },
    applyAcademia: { method: 'POST', path: '/academia/applications' },
    myAcademia: { method: 'GET', path: '/academia/applications/mine' },
    academiaBacklink: { method: 'PUT', path: '/academia/applications/mine/backlink' },
    adminPlans: { method: 'GET', path: '/admin/plans' },
    adminUpdatePlan: { method: 'PUT', path: '/admin/plans/:type' },
    adminSelfHostedPlan: { method: 'PUT', path: '/admin/plans-self-hosted' },
    adminAcademia: { method: 'GET', path: '/admin/academia-applications' },
    adminRunPlanJob: { method: 'POST', path: '/admin/plan-jobs/:job/run' },
    adminDecideAcademia: { method: 'POST', path: '/admin/academia-applications/:id/decision' },
  },
  play: {
    list: { method: 'GET', path: '/diagrams/:fuid/plays' },
    create: { method: 'POST', path: '/diagrams/:fuid/plays' },
    get: { method: 'GET', path: '/diagrams/:fuid/plays/:playId' },
    delete: { method: 'DELETE', path: '/diagrams/:fuid/plays/:playId' },
    cancel: { method: 'POST', path: '/diagrams/:fuid/plays/:playId/cancel' },
    batch: { method: 'POST', path: '/diagrams/:fuid/batches' },
    study: { method: 'POST', path: '/diagrams/:fuid/studies' },
  },
  preference: {
    get: { method: 'GET', path: '/users/me/preferences' },
    save: { method: 'PUT', path: '/users/me/preferences' },
    regenerateToken: { method: 'POST', path: '/diagrams/:fuid/file-token' },
  },
  proposal: {
    propose: { method: 'POST', path: '/diagrams/:fuid/proposals' },
    list: { method: 'GET', path: '/diagrams/:fuid/proposals' },
    get: { method: 'GET', path: '/proposals/:id' },
    accept: { method: 'POST', path: '/proposals/:id/accept' },
    decline: { method: 'POST', path: '/proposals/:id/decline' },
  },
  search: {
    suggestions: { method: 'GET', path: '/search/suggestions' },
    search: { method: 'GET', path: '/search' },
  },
  sharing: {
    privacy: { method: 'PUT', path: '/diagrams/:fuid/privacy' },
    list: { method: 'GET', path: '/diagrams/:fuid/shares' },
    create: { method: 'POST', path: '/diagrams/:fuid/shares' },
    update: { method: 'PATCH', path: '/diagrams/:fuid/shares/:shareId' },
    delete: { method: 'DELETE', path: '/diagrams/:fuid/shares/:shareId' },
  },
  social: {
    like: { method: 'PUT', path: '/community/diagrams/:fuid/like' },
    unlike: { method: 'DELETE', path: '/community/diagrams/:fuid/like' },
    follow: { method: 'PUT', path: '/community/user/connections/:username' },
    unfollow: { method: 'DELETE', path: '/community/user/connections/:username' },
    connections: { method: 'GET', path: '/community/user/connections' },
    state: { method: 'GET', path: '/community/social-state' },
    hire: { method: 'POST', path: '/community/user/hire' },
    availableForHire: { method: 'PUT', path: '/community/user/available-for-hire' },
  },
  sso: {
    getSsoSettings: { method: 'GET', path: '/admin/sso' },
    saveSsoSettings: { method: 'PUT', path: '/admin/sso' },
    deleteSsoSettings: { method: 'DELETE', path: '/admin/sso' },
    ssoConfig: { method: 'GET', path: '/sso/config' },
    ssoStart: { method: 'GET', path: '/sso/start', produces: 'text/html' },
    ssoCallback: { method: 'GET', path: '/sso/callback', produces: 'text/html' },
  },
  tag: {
    list: { method: 'GET', path: '/tags' },
    create: { method: 'POST', path: '/tags' },
    update: { method: 'PATCH', path: '/tags/:id' },
    delete: { method: 'DELETE', path: '/tags/:id' },
    setOnDiagram: { method: 'PUT', path: '/diagrams/:fuid/tags' },
  },
  teamDiagram: {
    get: { method: 'GET', path: '/diagrams/:fuid/team' },
    set: { method: 'PUT', path: '/diagrams/:fuid/team' },
  },
  team: {
    mine: { method: 'GET', path: '/teams/mine' },
    create: { method: 'POST', path: '/teams' },
    rename: { method: 'PATCH', path: '/teams/:teamId' },
    invite: { method: 'POST', path: '/teams/:teamId/invitations' },
    resend: { method: 'POST', path: '/teams/:teamId/invitations/:invitationId/resend' },
    revoke: { method: 'DELETE', path: '/teams/:teamId/invitations/:invitationId' },
    suspend: { method: 'POST', path: '/teams/:teamId/members/:userId/suspend' },
    unsuspend: { method: 'POST', path: '/teams/:teamId/members/:userId/unsuspend' },
    remove: { method: 'DELETE', path: '/teams/:teamId/members/:userId' },
    seats: { method: 'PUT', path: '/teams/:teamId/seats' },
    seatsPreview: { method: 'GET', path: '/teams/:teamId/seats/preview' },
    rights: { method: 'PATCH', path: '/teams/:teamId/members/:userId' },
    role: { method: 'PUT', path: '/teams/:teamId/members/:userId/role' },
  },
  template: {
    list: { method: 'GET', path: '/templates' },
    get: { method: 'GET', path: '/templates/:type/:id' },
    thumbnail: { method: 'GET', path: '/templates/:type/:id/thumbnail', produces: 'image/png' },
    use: { method: 'POST', path: '/templates/:type/:id/copies' },
    publish: { method: 'PUT', path: '/diagrams/:fuid/template' },
    unpublish: { method: 'DELETE', path: '/diagrams/:fuid/template' },
  },
  tour: {
    get: { method: 'GET', path: '/tours' },
    save: { method: 'PUT', path: '/tours' },
    delete: { method: 'DELETE', path: '/tours' },
  },
  tracking: {
    message: { method: 'POST', path: '/message', consumes: ['application/json', 'application/x-www-form-urlencoded'] },
  },
  user: {
    updateProfile: { method: 'PATCH', path: '/users/me/profile' },
    completeOnboarding: { method: 'POST', path: '/users/me/onboarding' },
    usernameAvailable: { method: 'GET', path: '/users/username-available' },
    setPrivacy: { method: 'PATCH', path: '/users/me/privacy' },
    uploadImage: { method: 'PUT', path: '/users/me/images/:kind', consumes: ['*/*'] },
    deleteImage: { method: 'DELETE', path: '/users/me/images/:kind' },
    image: { method: 'GET', path: '/users/:id/images/:kind', produces: 'image/*' },
    getApiKey: { method: 'GET', path: '/users/me/api-key' },
    createApiKey: { method: 'POST', path: '/users/me/api-key' },
    revokeApiKey: { method: 'DELETE', path: '/users/me/api-key' },
  },
  webhook: {
    list: { method: 'GET', path: '/webhooks' },
    create: { method: 'POST', path: '/webhooks' },
    update: { method: 'PATCH', path: '/webhooks/:id' },
    delete: { method: 'DELETE', path: '/webhooks/:id' },
    test: { method: 'POST', path: '/webhooks/:id/test' },
    adminDisabled: { method: 'GET', path: '/admin/webhooks/disabled' },
    adminEnable: { method: 'POST', path: '/admin/webhooks/:id/enable' },
  },
} as const satisfies RouteTable<Endpoints>;
