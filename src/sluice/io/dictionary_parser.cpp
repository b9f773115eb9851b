#include "sluice/io/dictionary_parser.hpp"

#include <algorithm>
#include <optional>
#include <regex>
#include <stdexcept>
#include <utility>

#include "sluice/core/error.hpp"
#include "sluice/io/builtin_etc_files.hpp"
#include "sluice/io/key_pattern.hpp"
#include "sluice/io/nesting_limit.hpp"
#include "sluice/io/quote_input.hpp"
#include "sluice/io/text_file.hpp"
#include "sluice/core/warning.hpp"

namespace sluice::io {

namespace {

constexpr int kMaxIncludeDepth = 32;

bool isCodeDirective(std::string_view w) {
  return w == "#calc" || w == "#codeStream" || w == "#eval" || w == "#{";
}

char closerOf(char open) { return open == '(' ? ')' : (open == '[' ? ']' : '}'); }

std::string dictionaryDepthMessage() {
  return "dictionaries nested more than " + std::to_string(kMaxNestingDepth) + " levels deep";
}

std::string listDepthMessage() { return "lists nested more than " + std::to_string(kMaxNestingDepth) + " levels deep"; }

/// Case-insensitive edit distance of `a` and `b`, giving up (returning
/// limit + 1) once it exceeds `limit`.
std::size_t editDistance(std::string_view a, std::string_view b, std::size_t limit) {
  if (a.size() > b.size() + limit || b.size() > a.size() + limit) return limit + 1;
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

/// Throws when the first token of a file is a garbled `FoamFile` (as
/// `FoamFil%` or `foamfile`): OpenFOAM refuses such a file, and reading its
/// header as an ordinary entry would silently drop the format and class.
void rejectGarbledHeader(const Token* first) {
  if (!first || !first->isWord() || first->text == "FoamFile") return;
  if (editDistance(first->text, "FoamFile", 2) <= 2)
    throw InputError(first->where("expected FoamFile header, found " + describeToken(*first)));
}

/// What a deep copy of an entry (`key $dict;`) creates: the levels of
/// dictionaries below it (0 without sub-dictionaries) and the entries, itself
/// included (values share their tokens). Parsed dictionaries are at most
/// kMaxNestingDepth deep, so the recursion is bounded.
struct CopyExtent {
  int levelsBelow = 0;
  std::size_t entries = 1;
};

CopyExtent extentOf(const Entry& e) {
  CopyExtent extent;
  if (!e.isDict()) return extent;
  for (const Entry& sub : e.dict().entries()) {
    const CopyExtent below = extentOf(sub);
    extent.entries += below.entries;
    if (sub.isDict()) extent.levelsBelow = std::max(extent.levelsBelow, 1 + below.levelsBelow);
  }
  return extent;
}

std::string unterminatedMessage(char open) {
  switch (open) {
    case '(': return "unterminated list: '(' has no matching ')'";
    case '[': return "unterminated dimension set: '[' has no matching ']'";
    default: return "unterminated '{': no matching '}'";
  }
}

}  // namespace

DictionaryParser::DictionaryParser(const ParseOptions& options) : options_(options) {}

void DictionaryParser::beginSource(std::unique_ptr<Source> source) {
  expansionBudget_ += kExpansionPerByte * source->lexer->text().size();
  sources_.push_back(std::move(source));
}

void DictionaryParser::chargeExpansion(std::size_t items, const Token& macro) {
  expanded_ += items;
  if (expanded_ > expansionBudget_)
    throw InputError(macro.where("macro expansion exceeds " + std::to_string(expansionBudget_) +
                                 " copied tokens and entries (a macro that refers to a growing list?)"));
}

bool DictionaryParser::nextToken(Token& out) {
  Source& s = *sources_.back();
  if (s.hasPeek) {
    s.hasPeek = false;
    out = std::move(s.peeked);
    return true;
  }
  return s.lexer->next(out);
}

const Token* DictionaryParser::peekToken() {
  Source& s = *sources_.back();
  if (!s.hasPeek) {
    if (!s.lexer->next(s.peeked)) return nullptr;
    s.hasPeek = true;
  }
  return &s.peeked;
}

namespace {

// The pattern of a quoted keyword that looks like one ("(U|k)"), else null;
// an invalid expression is an InputError at the keyword.
std::shared_ptr<const KeyPattern> keyPatternOf(const Token& key) {
  if (!key.isString() || !looksLikePattern(key.text)) return nullptr;
  try {
    return compileKeyPattern(key.text);
  } catch (const std::regex_error& e) {
    throw InputError(key.where("invalid regular expression \"" + escapeInput(key.text) + "\": " + e.what()));
  }
}

}  // namespace

void DictionaryParser::setKeyword(Entry& entry, const Token& keywordToken) {
  entry.keyword_ = keywordToken.text;
  entry.line_ = keywordToken.line;
  entry.isPattern_ = false;
  entry.pattern_.reset();
  entry.pattern_ = keyPatternOf(keywordToken);
  entry.isPattern_ = entry.pattern_ != nullptr;
}

Dictionary DictionaryParser::parse(std::string_view text, const std::string& displayName,
                                   const std::filesystem::path& baseDir) {
  Dictionary top;
  top.fileName_ = displayName;
  auto source = std::make_unique<Source>();
  source->lexer = std::make_unique<Tokenizer>(text, std::make_shared<const std::string>(displayName));
  source->dir = baseDir;
  source->displayName = displayName;
  beginSource(std::move(source));
  scopes_.push_back(&top);
  rejectGarbledHeader(peekToken());
  if (options_.headerOnly) {
    const Token* first = peekToken();
    if (first && first->isWord("FoamFile")) {
      Token kw;
      nextToken(kw);
      parseEntry(top, kw);
    }
  } else {
    parseBody(top, nullptr);
  }
  scopes_.clear();
  sources_.clear();
  return top;
}

Dictionary DictionaryParser::parseHeader(std::string_view text, const std::string& displayName,
                                         std::size_t& bodyOffset, int& bodyLine) {
  Dictionary top;
  top.fileName_ = displayName;
  auto source = std::make_unique<Source>();
  source->lexer = std::make_unique<Tokenizer>(text, std::make_shared<const std::string>(displayName));
  source->displayName = displayName;
  beginSource(std::move(source));
  scopes_.push_back(&top);
  Tokenizer& lex = *sources_.back()->lexer;
  const Token* first = peekToken();
  rejectGarbledHeader(first);
  if (first && first->isWord("FoamFile")) {
    Token kw;
    nextToken(kw);
    parseEntry(top, kw);
    lex.skipSpaceAndComments();
    bodyOffset = lex.offset();
    bodyLine = lex.line();
  } else if (first) {
    bodyOffset = lex.lastTokenStart();
    bodyLine = first->line;
  } else {
    bodyOffset = text.size();
    bodyLine = lex.line();
  }
  scopes_.clear();
  sources_.clear();
  return top;
}

void DictionaryParser::parseBody(Dictionary& dict, const Token* openBrace) {
  Token t;
  for (;;) {
    if (!nextToken(t)) {
      if (openBrace) throw InputError(openBrace->where("unterminated dictionary: '{' has no matching '}'"));
      return;
    }
    if (t.kind == TokenKind::Punct) {
      if (t.isPunct('}')) {
        if (openBrace) return;
        throw InputError(t.where("unbalanced '}'"));
      }
      if (t.isPunct(';')) continue;
      throw InputError(t.where("expected a keyword, found " + describeToken(t)));
    }
    // An entry starts with a keyword (word, quoted string or regex key), a
    // $macro or a #directive; a number here is a value that lost its keyword.
    if (t.isNumber()) throw InputError(t.where("expected a keyword, found number " + describeToken(t)));
    if (t.isWord() && t.text[0] == '#') {
      parseDirective(dict, t);
      continue;
    }
    if (t.isWord() && t.text[0] == '$') {
      mergeMacro(dict, t);
      continue;
    }
    parseEntry(dict, t);
  }
}

void DictionaryParser::parseEntry(Dictionary& dict, const Token& keyword) {
  Entry entry;
  setKeyword(entry, keyword);
  const std::string missingSemicolon = "missing ';' after entry " + describeToken(keyword);

  const Token* first = peekToken();
  if (first && first->isPunct('{')) {
    Token brace;
    nextToken(brace);
    // scopes_ holds the top level and every open dictionary.
    if (scopes_.size() > static_cast<std::size_t>(kMaxNestingDepth))
      throw InputError(brace.where(dictionaryDepthMessage()));
    auto sub = std::make_shared<Dictionary>();
    sub->fileName_ = dict.fileName_;
    sub->scope_ = joinScope(dict.scope_, keyword.text);
    scopes_.push_back(sub.get());
    parseBody(*sub, &brace);
    scopes_.pop_back();
    entry.dict_ = std::move(sub);
    addEntry(dict, std::move(entry), overwrite_);
    return;
  }

  std::vector<Token> value;
  std::vector<std::size_t> open;  // indices in `value` of unclosed ( [ {
  Token t;
  for (;;) {
    if (!nextToken(t)) {
      if (!open.empty()) {
        const Token& opener = value[open.back()];
        throw InputError(opener.where(unterminatedMessage(opener.text[0])));
      }
      throw InputError(keyword.where(missingSemicolon));
    }
    if (t.kind == TokenKind::Punct) {
      char c = t.text[0];
      if (c == ';' && open.empty()) break;
      if ((c == '(' || c == '[' || c == '{') && open.size() >= static_cast<std::size_t>(kMaxNestingDepth))
        throw InputError(t.where(listDepthMessage()));
      if (c == '(' || c == '[') {
        open.push_back(value.size());
      } else if (c == '{') {
        // At the top level of a value '{' only opens a uniform list N{v}.
        if (open.empty() && (value.empty() || value.back().kind != TokenKind::Integer))
          throw InputError(keyword.where(missingSemicolon));
        open.push_back(value.size());
      } else if (c == ')' || c == ']' || c == '}') {
        if (open.empty()) {
          if (c == '}') throw InputError(keyword.where(missingSemicolon));
          throw InputError(t.where(std::string("unbalanced '") + c + "'"));
        }
        char expected = closerOf(value[open.back()].text[0]);
        if (c != expected)
          throw InputError(t.where(std::string("unbalanced '") + c + "' (expected '" + expected + "')"));
        open.pop_back();
      }
      value.push_back(std::move(t));
      continue;
    }
    if (t.isWord() && t.text[0] == '#') {
      if (isCodeDirective(t.text)) refuseCode(t);
      throw InputError(t.where("directive " + describeToken(t) + " is not allowed inside a value"));
    }
    if (t.isWord() && t.text[0] == '$') {
      const Entry* target = resolveMacro(t);
      if (target->isDict()) {
        // `key $dict;` copies the dictionary.
        const Token* after = peekToken();
        if (value.empty() && open.empty() && after && after->isPunct(';')) {
          // The copy lands one level below `dict` (at level scopes_.size() - 1).
          const CopyExtent extent = extentOf(*target);
          if (static_cast<int>(scopes_.size()) + extent.levelsBelow > kMaxNestingDepth)
            throw InputError(t.where(dictionaryDepthMessage()));
          Token semi;
          nextToken(semi);
          chargeExpansion(extent.entries, t);
          Entry renamed = *target;  // shallow; cloneEntry below deep-copies under the new keyword
          renamed.keyword_ = entry.keyword_;
          renamed.isPattern_ = entry.isPattern_;
          renamed.pattern_ = entry.pattern_;
          renamed.line_ = entry.line_;
          Entry rescoped = cloneEntry(renamed, dict.fileName_, dict.scope_);
          addEntry(dict, std::move(rescoped), overwrite_);
          return;
        }
        throw InputError(t.where(describeToken(t) + " is a dictionary and cannot be used inside a value"));
      }
      chargeExpansion(target->tokens().size(), t);
      value.insert(value.end(), target->tokens().begin(), target->tokens().end());
      continue;
    }
    value.push_back(std::move(t));
  }
  entry.tokens_ = std::make_shared<const std::vector<Token>>(std::move(value));
  addEntry(dict, std::move(entry), overwrite_);
}

void DictionaryParser::refuseCode(const Token& directive) {
  throw InputError(
      directive.where(describeToken(directive) + " is not supported (sluice does not compile code at run time)"));
}

void DictionaryParser::parseDirective(Dictionary& dict, const Token& directive) {
  const std::string& d = directive.text;
  if (d == "#include") return include(dict, directive, false);
  if (d == "#sinclude" || d == "#includeIfPresent") return include(dict, directive, true);
  if (d == "#remove") return removeKeys(dict, directive);
  if (isCodeDirective(d)) refuseCode(directive);

  auto warn = [&](const std::string& message) {
    std::string full = directive.where(message);
    if (options_.warn) {
      options_.warn(full);
    } else {
      core::printWarning(full);
    }
  };
  if (d == "#includeEtc") {
    Token arg;
    if (!nextToken(arg) || !(arg.isString() || arg.isWord()))
      throw InputError(directive.where("expected a file name after '#includeEtc'"));
    if (std::optional<std::string> text = builtinEtcFile(arg.text))
      return includeText(dict, std::move(*text), "<sluice's " + arg.text + ">");
    warn("#includeEtc \"" + escapeInput(arg.text) + "\" skipped (sluice has no version of this OpenFOAM etc file)");
    return;
  }
  if (d == "#includeFunc") {
    std::string arg(sources_.back()->lexer->readLineArgument());
    if (arg.empty()) throw InputError(directive.where("expected a function name after '#includeFunc'"));
    std::optional<std::string> entry;
    try {
      entry = builtinFunctionEntry(arg);
    } catch (const std::invalid_argument& e) {
      throw InputError(directive.where("#includeFunc: " + std::string(e.what())));
    }
    if (entry) return includeText(dict, std::move(*entry), "<sluice's #includeFunc " + arg + ">");
    warn("#includeFunc " + arg + " skipped (sluice has no such function; it has: residuals)");
    return;
  }
  if (d == "#inputMode") {
    Token mode;
    if (!nextToken(mode) || !mode.isWord()) throw InputError(directive.where("expected a mode after '#inputMode'"));
    if (mode.text == "merge" || mode.text == "default") {
      overwrite_ = false;
    } else if (mode.text == "overwrite") {
      overwrite_ = true;
    } else {
      throw InputError(mode.where("unsupported #inputMode " + describeToken(mode) + " (use merge or overwrite)"));
    }
    return;
  }
  throw InputError(directive.where("unknown directive " + describeToken(directive)));
}

void DictionaryParser::includeText(Dictionary& dict, std::string text, const std::string& displayName) {
  auto source = std::make_unique<Source>();
  source->ownedText = std::move(text);
  source->displayName = displayName;
  source->lexer = std::make_unique<Tokenizer>(source->ownedText, std::make_shared<const std::string>(displayName));
  beginSource(std::move(source));
  parseBody(dict, nullptr);
  sources_.pop_back();
}

void DictionaryParser::include(Dictionary& dict, const Token& directive, bool optional) {
  Token arg;
  if (!nextToken(arg) || !(arg.isString() || arg.isWord()))
    throw InputError(directive.where("expected a file name after '" + directive.text + "'"));
  const Source& current = *sources_.back();
  std::filesystem::path name(arg.text);
  std::filesystem::path path = name.is_absolute() || current.dir.empty() ? name : current.dir / name;
  std::optional<std::string> text = readTextFile(path);
  if (!text) {
    if (optional) return;
    throw InputError(directive.where(directive.text + ": cannot open file '" + path.string() + "'"));
  }
  if (static_cast<int>(sources_.size()) > kMaxIncludeDepth)
    throw InputError(directive.where(directive.text + ": includes nested more than " +
                                     std::to_string(kMaxIncludeDepth) + " deep (recursive include?)"));
  std::string display = name.is_absolute()
                            ? name.string()
                            : (std::filesystem::path(current.displayName).parent_path() / name).lexically_normal().string();
  auto source = std::make_unique<Source>();
  source->ownedText = std::move(*text);
  source->dir = path.parent_path();
  source->displayName = display;
  source->lexer = std::make_unique<Tokenizer>(source->ownedText, std::make_shared<const std::string>(display));
  beginSource(std::move(source));
  // As OpenFOAM, an included file's own FoamFile header is dropped.
  const Token* first = peekToken();
  if (first && first->isWord("FoamFile")) {
    Token keyword;
    nextToken(keyword);
    Dictionary discarded;
    scopes_.push_back(&discarded);
    parseEntry(discarded, keyword);
    scopes_.pop_back();
  }
  parseBody(dict, nullptr);
  sources_.pop_back();
}

void DictionaryParser::removeKeys(Dictionary& dict, const Token& directive) {
  std::vector<Token> keys;
  Token t;
  if (!nextToken(t)) throw InputError(directive.where("expected a keyword after '#remove'"));
  if (t.isPunct('(')) {
    Token open = t;
    for (;;) {
      if (!nextToken(t)) throw InputError(open.where(unterminatedMessage('(')));
      if (t.isPunct(')')) break;
      if (!(t.isWord() || t.isString())) throw InputError(t.where("expected a keyword, found " + describeToken(t)));
      keys.push_back(t);
    }
  } else if (t.isWord() || t.isString()) {
    keys.push_back(t);
  } else {
    throw InputError(t.where("expected a keyword after '#remove', found " + describeToken(t)));
  }
  for (const Token& key : keys) {
    const std::shared_ptr<const KeyPattern> pattern = keyPatternOf(key);
    std::erase_if(dict.entries_, [&](const Entry& e) {
      return e.keyword_ == key.text || (pattern && pattern->matches(e.keyword_));
    });
  }
}

void DictionaryParser::mergeMacro(Dictionary& dict, const Token& macro) {
  const Entry* target = resolveMacro(macro);
  if (!target->isDict())
    throw InputError(macro.where("cannot merge " + describeToken(macro) + " into a dictionary: it is not a dictionary"));
  const CopyExtent extent = extentOf(*target);
  if (static_cast<int>(scopes_.size()) - 1 + extent.levelsBelow > kMaxNestingDepth)
    throw InputError(macro.where(dictionaryDepthMessage()));
  chargeExpansion(extent.entries, macro);
  // Copy first: the target may be `dict` itself or one of its entries.
  std::vector<Entry> copies;
  copies.reserve(target->dict().entries_.size());
  for (const Entry& e : target->dict().entries_) copies.push_back(cloneEntry(e, dict.fileName_, dict.scope_));
  for (Entry& e : copies) addEntry(dict, std::move(e), overwrite_);
  const Token* after = peekToken();
  if (after && after->isPunct(';')) {
    Token semi;
    nextToken(semi);
  }
}

const Entry* DictionaryParser::resolveMacro(const Token& macro) const {
  std::string_view name(macro.text);
  name.remove_prefix(1);  // '$'
  if (name.size() >= 2 && name.front() == '{' && name.back() == '}') name = name.substr(1, name.size() - 2);
  const Entry* e = name.empty() ? nullptr : resolve(name);
  if (!e) throw InputError(macro.where("unknown macro " + describeToken(macro)));
  return e;
}

namespace {

/// `name` in `dict`, where '.' may separate sub-dictionary levels
/// ("a.b.c": entry "a.b.c", else sub-dictionary "a" then "b.c", ...).
const Entry* lookupDotted(const Dictionary& dict, std::string_view name) {
  if (const Entry* e = dict.findEntry(name)) return e;
  for (std::size_t dot = name.find('.'); dot != std::string_view::npos; dot = name.find('.', dot + 1)) {
    if (dot == 0) continue;
    if (const Dictionary* sub = dict.findSubDict(name.substr(0, dot))) {
      if (const Entry* e = lookupDotted(*sub, name.substr(dot + 1))) return e;
    }
  }
  return nullptr;
}

}  // namespace

const Entry* DictionaryParser::resolve(std::string_view name) const {
  if (scopes_.empty()) return nullptr;
  if (name.front() == ':') return lookupDotted(*scopes_.front(), name.substr(1));

  if (name.find('/') != std::string_view::npos) {
    // Slash scoping: "../var", "sub/var", "/top/var".
    std::ptrdiff_t level = static_cast<std::ptrdiff_t>(scopes_.size()) - 1;
    const Dictionary* cur = scopes_.back();
    if (name.front() == '/') {
      level = 0;
      cur = scopes_.front();
      name.remove_prefix(1);
    }
    bool descended = false;
    while (!name.empty()) {
      std::size_t slash = name.find('/');
      std::string_view part = name.substr(0, slash);
      std::string_view rest = slash == std::string_view::npos ? std::string_view{} : name.substr(slash + 1);
      if (part == "..") {
        if (descended || level == 0) return nullptr;
        --level;
        cur = scopes_[static_cast<std::size_t>(level)];
      } else if (!part.empty() && part != ".") {
        if (rest.empty()) return cur->findEntry(part);
        cur = cur->findSubDict(part);
        if (!cur) return nullptr;
        descended = true;
      }
      if (slash == std::string_view::npos) break;
      name = rest;
    }
    return nullptr;
  }

  if (name.front() == '.') {
    // Leading dots: "." is this dictionary, each further dot one level up.
    std::size_t dots = name.find_first_not_of('.');
    if (dots == std::string_view::npos) return nullptr;
    std::ptrdiff_t level = static_cast<std::ptrdiff_t>(scopes_.size()) - static_cast<std::ptrdiff_t>(dots);
    if (level < 0) return nullptr;
    return lookupDotted(*scopes_[static_cast<std::size_t>(level)], name.substr(dots));
  }

  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    if (const Entry* e = lookupDotted(**it, name)) return e;
  }
  return nullptr;
}

void DictionaryParser::addEntry(Dictionary& dict, Entry entry, bool overwrite) {
  for (Entry& existing : dict.entries_) {
    if (existing.keyword_ != entry.keyword_) continue;
    if (!overwrite && existing.isDict() && entry.isDict()) {
      // The existing sub-dictionary is owned by this parse (never shared).
      for (Entry& sub : entry.dict_->entries_) addEntry(*existing.dict_, std::move(sub), overwrite);
      return;
    }
    existing = std::move(entry);
    return;
  }
  dict.entries_.push_back(std::move(entry));
}

Entry DictionaryParser::cloneEntry(const Entry& entry, const std::string& fileName, const std::string& parentScope) {
  Entry copy = entry;
  if (entry.dict_) {
    auto sub = std::make_shared<Dictionary>();
    sub->fileName_ = fileName;
    sub->scope_ = joinScope(parentScope, entry.keyword_);
    sub->entries_.reserve(entry.dict_->entries_.size());
    for (const Entry& e : entry.dict_->entries_) sub->entries_.push_back(cloneEntry(e, fileName, sub->scope_));
    copy.dict_ = std::move(sub);
  }
  return copy;
}

void DictionaryParser::parseBraced(TokenStream& ts, Dictionary& dict) { parseBraced(ts, dict, 1); }

void DictionaryParser::parseBraced(TokenStream& ts, Dictionary& dict, int depth) {
  if (depth > kMaxNestingDepth && !ts.atEnd()) ts.failAt(ts.peek(), dictionaryDepthMessage());
  ts.expectPunct('{');
  for (;;) {
    if (ts.atEnd()) ts.fail("expected '}', found end of entry");
    const Token& t = ts.next();
    if (t.isPunct('}')) return;
    if (t.isPunct(';')) continue;
    if (t.kind == TokenKind::Punct) ts.failAt(t, "expected a keyword, found " + describeToken(t));
    if (t.isNumber()) ts.failAt(t, "expected a keyword, found number " + describeToken(t));
    Entry entry;
    setKeyword(entry, t);
    if (!ts.atEnd() && ts.peek().isPunct('{')) {
      auto sub = std::make_shared<Dictionary>();
      sub->fileName_ = dict.fileName_;
      sub->scope_ = joinScope(dict.scope_, entry.keyword_);
      parseBraced(ts, *sub, depth + 1);
      entry.dict_ = std::move(sub);
      addEntry(dict, std::move(entry), false);
      continue;
    }
    std::vector<Token> value;
    int open = 0;
    for (;;) {
      if (ts.atEnd()) ts.failAt(t, "missing ';' after entry " + describeToken(t));
      const Token& v = ts.next();
      if (v.kind == TokenKind::Punct) {
        char c = v.text[0];
        if (c == ';' && open == 0) break;
        if (c == '(' || c == '[' || c == '{') {
          if (open >= kMaxNestingDepth) ts.failAt(v, listDepthMessage());
          ++open;
        }
        if (c == ')' || c == ']' || c == '}') {
          if (open == 0) ts.failAt(t, "missing ';' after entry " + describeToken(t));
          --open;
        }
      }
      value.push_back(v);
    }
    entry.tokens_ = std::make_shared<const std::vector<Token>>(std::move(value));
    addEntry(dict, std::move(entry), false);
  }
}

}  // namespace sluice::io
