import { PublicPageLink as PublicPageLink_adc5fe25b24d41033e24f3c4ab8adf10 } from '../../../components/PublicPageLink'
import { MissingTranslations as MissingTranslations_6f2bd4bdd8997dd005cf920fe0fc810d } from '../../../components/MissingTranslations'
import { StartFromTemplate as StartFromTemplate_154f6eec528d4d94b14e594106e71a7a } from '../../../components/StartFromTemplate'
import { UpdateStatusField as UpdateStatusField_e669f72aff388a2e20572c5e58b89a0f } from '../../../components/UpdateStatusField'
import { UpdateMessageField as UpdateMessageField_121ba7c49df217d4140f841c9a19ee18 } from '../../../components/UpdateMessageField'
import { SiteZoneDateField as SiteZoneDateField_1a8d53b9c2fde9aefcd433c3a2c602c0 } from '../../../components/SiteZoneDateField'
import { ServiceStatusPickField as ServiceStatusPickField_d897bd0505cd2b8d775d7a7310dbae9c } from '../../../components/ServiceStatusPickField'
import { RestoreNote as RestoreNote_1a63b2a8cd565320c978e1e4f164e9d3 } from '../../../components/RestoreNote'
import { IncidentUpdatesField as IncidentUpdatesField_0bcc416fdae533856b5414959529288b } from '../../../components/IncidentUpdatesField'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { PublishPostmortemField as PublishPostmortemField_33892f94d5fb1ab7c5c8b8a421f3d4d1 } from '../../../components/PublishPostmortemField'
import { PageSwitcher as PageSwitcher_f9f86779eb34fca8b7c2ad94a395beac } from '../../../components/PageSwitcher'
import { EndpointActionsField as EndpointActionsField_a3ae6f33d729135fa0e4ce6ca40e65a2 } from '../../../components/EndpointActionsField'
import { IntegrationTokenField as IntegrationTokenField_b8b2965abca72aa9907ea07489812d7e } from '../../../components/IntegrationTokenField'
import { WebhookAddressField as WebhookAddressField_30f39e9a6f01c6a249c53807fbc65015 } from '../../../components/WebhookAddressField'
import { FirstUserNote as FirstUserNote_bba8a591be838fa71dd4ed5a1b34f5cc } from '../../../components/FirstUserNote'
import { SecondFactorSetup as SecondFactorSetup_0cf2a3a5358c7c42a571ad247add0203 } from '../../../components/SecondFactorSetup'
import { ViewPageLink as ViewPageLink_3a4281bea9ac885359d1cf3878875cc4 } from '../../../components/ViewPageLink'
import { SecretInput as SecretInput_386f57e79a2db09bee2c6ad8f0e8e33b } from '../../../components/SecretInput'
import { AccessLinkField as AccessLinkField_a4ea396ce326e0c75ac7bf343523cef3 } from '../../../components/AccessLinkField'
import { SendTestEmail as SendTestEmail_4f7c0ca8beb8089ba34d22834d3791a1 } from '../../../components/SendTestMessage'
import { SendTestSms as SendTestSms_4f7c0ca8beb8089ba34d22834d3791a1 } from '../../../components/SendTestMessage'
import { OperatorSsoLink as OperatorSsoLink_37f9d3a2a3382f213b9fe8a22ddd4278 } from '../../../components/OperatorSsoLink'
import { SecondFactorSignIn as SecondFactorSignIn_5423e4d47e5b9f2af22a35229994e5ca } from '../../../components/SecondFactorSignIn'
import { ViewSiteLink as ViewSiteLink_4d6018c2ad59f274f78951e1b650084f } from '../../../components/ViewSiteLink'
import { OperatorDashboard as OperatorDashboard_629825043731d214c31641eb38619a13 } from '../../../components/OperatorDashboard'
import { DemoBanner as DemoBanner_e456a203e551700319592a6ed15c87f5 } from '../../../components/DemoBanner'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/components/PublicPageLink#PublicPageLink": PublicPageLink_adc5fe25b24d41033e24f3c4ab8adf10,
  "/components/MissingTranslations#MissingTranslations": MissingTranslations_6f2bd4bdd8997dd005cf920fe0fc810d,
  "/components/StartFromTemplate#StartFromTemplate": StartFromTemplate_154f6eec528d4d94b14e594106e71a7a,
  "/components/UpdateStatusField#UpdateStatusField": UpdateStatusField_e669f72aff388a2e20572c5e58b89a0f,
  "/components/UpdateMessageField#UpdateMessageField": UpdateMessageField_121ba7c49df217d4140f841c9a19ee18,
  "/components/SiteZoneDateField#SiteZoneDateField": SiteZoneDateField_1a8d53b9c2fde9aefcd433c3a2c602c0,
  "/components/ServiceStatusPickField#ServiceStatusPickField": ServiceStatusPickField_d897bd0505cd2b8d775d7a7310dbae9c,
  "/components/RestoreNote#RestoreNote": RestoreNote_1a63b2a8cd565320c978e1e4f164e9d3,
  "/components/IncidentUpdatesField#IncidentUpdatesField": IncidentUpdatesField_0bcc416fdae533856b5414959529288b,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/components/PublishPostmortemField#PublishPostmortemField": PublishPostmortemField_33892f94d5fb1ab7c5c8b8a421f3d4d1,
  "/components/PageSwitcher#PageSwitcher": PageSwitcher_f9f86779eb34fca8b7c2ad94a395beac,
  "/components/EndpointActionsField#EndpointActionsField": EndpointActionsField_a3ae6f33d729135fa0e4ce6ca40e65a2,
  "/components/IntegrationTokenField#IntegrationTokenField": IntegrationTokenField_b8b2965abca72aa9907ea07489812d7e,
  "/components/WebhookAddressField#WebhookAddressField": WebhookAddressField_30f39e9a6f01c6a249c53807fbc65015,
  "/components/FirstUserNote#FirstUserNote": FirstUserNote_bba8a591be838fa71dd4ed5a1b34f5cc,
  "/components/SecondFactorSetup#SecondFactorSetup": SecondFactorSetup_0cf2a3a5358c7c42a571ad247add0203,
  "/components/ViewPageLink#ViewPageLink": ViewPageLink_3a4281bea9ac885359d1cf3878875cc4,
  "/components/SecretInput#SecretInput": SecretInput_386f57e79a2db09bee2c6ad8f0e8e33b,
  "/components/AccessLinkField#AccessLinkField": AccessLinkField_a4ea396ce326e0c75ac7bf343523cef3,
  "/components/SendTestMessage#SendTestEmail": SendTestEmail_4f7c0ca8beb8089ba34d22834d3791a1,
  "/components/SendTestMessage#SendTestSms": SendTestSms_4f7c0ca8beb8089ba34d22834d3791a1,
  "/components/OperatorSsoLink#OperatorSsoLink": OperatorSsoLink_37f9d3a2a3382f213b9fe8a22ddd4278,
  "/components/SecondFactorSignIn#SecondFactorSignIn": SecondFactorSignIn_5423e4d47e5b9f2af22a35229994e5ca,
  "/components/ViewSiteLink#ViewSiteLink": ViewSiteLink_4d6018c2ad59f274f78951e1b650084f,
  "/components/OperatorDashboard#OperatorDashboard": OperatorDashboard_629825043731d214c31641eb38619a13,
  "/components/DemoBanner#DemoBanner": DemoBanner_e456a203e551700319592a6ed15c87f5,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
