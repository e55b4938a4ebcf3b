/** Search attributes the turn workflow sets, so runs can be filtered in the Web UI. */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const ConversationIdKey = defineSearchAttributeKey('ConversationId', SearchAttributeType.KEYWORD);
export const UserIdKey = defineSearchAttributeKey('UserId', SearchAttributeType.KEYWORD);
export const TurnStatusKey = defineSearchAttributeKey('TurnStatus', SearchAttributeType.KEYWORD);
export const SEARCH_ATTRIBUTE_KEYS = [ConversationIdKey, UserIdKey, TurnStatusKey];
