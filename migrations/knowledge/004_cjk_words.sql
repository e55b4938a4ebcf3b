-- Chinese, Japanese and Korean text has no spaces between its words, and PostgreSQL's parser kept a run of it
-- between punctuation as one word ("酒精饮料不予报销"), so a question matched no page in those languages. Each
-- character of those scripts is a word of its own now (kb_words), in the passages' tsvector and in the query
-- (adapters/fulltext.ts), but those of grammar alone, which questions are full of and pages need not share:
-- Japanese hiragana, and a few Chinese characters and Korean endings and particles ("吗", "可以", "的", "나요",
-- "습니다"). Text in other scripts is unchanged, so its tsvector is the same as before.
create or replace function kb_words(t text) returns text
  language sql immutable parallel safe
  as $$ select regexp_replace(regexp_replace(t, '[ぁ-ゟ的了吗呢吧啊么什怎哪请我你您们这那是可以는은을를의에도요까습니다나]', ' ', 'g'), '([゠-ヿ㐀-䶿一-鿿豈-﫿가-힯])', ' \1 ', 'g') $$;
drop index if exists kb_passages_tsv;
alter table kb_passages drop column if exists tsv;
alter table kb_passages add column tsv tsvector generated always as (to_tsvector(config, kb_words(text))) stored;
create index if not exists kb_passages_tsv on kb_passages using gin (tsv);
