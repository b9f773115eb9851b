#include "sluice/io/dictionary.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary_parser.hpp"
#include "sluice/io/key_pattern.hpp"
#include "sluice/io/quote_input.hpp"
#include "sluice/io/text_file.hpp"
#include "sluice/io/tokenizer.hpp"

namespace sluice::io {

// ---------------------------------------------------------------- Entry

std::shared_ptr<const std::vector<Token>> Entry::emptyTokens() {
  static const auto empty = std::make_shared<const std::vector<Token>>();
  return empty;
}

Entry Entry::primitive(std::string keyword, std::vector<Token> tokens, int line) {
  Entry e;
  e.keyword_ = std::move(keyword);
  e.tokens_ = std::make_shared<const std::vector<Token>>(std::move(tokens));
  e.line_ = line;
  return e;
}

Entry Entry::dictionary(std::string keyword, Dictionary dict, int line) {
  Entry e;
  e.keyword_ = std::move(keyword);
  e.dict_ = std::make_shared<Dictionary>(std::move(dict));
  e.line_ = line;
  return e;
}

const Dictionary& Entry::dict() const {
  if (!dict_) {
    if (!tokens_->empty()) {
      const Token& first = tokens_->front();
      throw InputError(first.where(fmt::format("{}: expected a dictionary, found {}", quoteInput(keyword_), describeToken(first))));
    }
    throw InputError(fmt::format("{}: expected a dictionary, found an empty value", quoteInput(keyword_)));
  }
  return *dict_;
}

// ---------------------------------------------------------------- reading

Dictionary Dictionary::readFile(const std::filesystem::path& file, std::string displayName,
                                const ParseOptions& options) {
  if (displayName.empty()) displayName = file.string();
  if (options.headerOnly) {
    // Large mesh files: the header is normally within the first few KiB. If
    // the prefix ends inside it, parsing fails and the whole file is read.
    constexpr std::size_t kPrefix = 64 * 1024;
    std::optional<std::string> prefix = readTextFilePrefix(file, kPrefix);
    if (!prefix) throw InputError(displayName + ": cannot open file");
    if (prefix->size() < kPrefix) return parse(*prefix, displayName, file.parent_path(), options);
    try {
      return parse(*prefix, displayName, file.parent_path(), options);
    } catch (const InputError&) {
      // fall through to reading everything (and report errors from the full text)
    }
  }
  std::optional<std::string> text = readTextFile(file);
  if (!text) throw InputError(displayName + ": cannot open file");
  return parse(*text, displayName, file.parent_path(), options);
}

Dictionary Dictionary::parse(std::string_view text, std::string displayName, const std::filesystem::path& baseDir,
                             const ParseOptions& options) {
  DictionaryParser parser(options);
  return parser.parse(text, displayName, baseDir);
}

Dictionary Dictionary::fromStream(TokenStream& ts, std::string fileName, std::string scopePath) {
  Dictionary dict;
  dict.fileName_ = std::move(fileName);
  dict.scope_ = std::move(scopePath);
  DictionaryParser::parseBraced(ts, dict);
  return dict;
}

// ---------------------------------------------------------------- look-up

const Entry* Dictionary::findEntry(std::string_view key) const {
  for (const Entry& e : entries_) {
    if (e.keyword_ == key) return &e;
  }
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (it->pattern_ && it->pattern_->matches(key)) return &*it;
  }
  return nullptr;
}

bool Dictionary::found(std::string_view key) const { return findEntry(key) != nullptr; }

const Entry& Dictionary::entry(std::string_view key) const {
  const Entry* e = findEntry(key);
  if (!e) fail("missing '" + std::string(key) + "'");
  return *e;
}

bool Dictionary::isDict(std::string_view key) const {
  const Entry* e = findEntry(key);
  return e && e->isDict();
}

const Dictionary* Dictionary::findSubDict(std::string_view key) const {
  const Entry* e = findEntry(key);
  return e && e->isDict() ? e->dict_.get() : nullptr;
}

const Dictionary& Dictionary::subDict(std::string_view key) const {
  const Entry& e = entry(key);
  if (!e.isDict()) {
    if (!e.tokens().empty()) e.dict();  // throws, located at the value
    fail(fmt::format("'{}': expected a dictionary, found an empty value", key));
  }
  return *e.dict_;
}

std::vector<std::string> Dictionary::keys() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const Entry& e : entries_) out.push_back(e.keyword_);
  return out;
}

TokenStream Dictionary::stream(std::string_view key) const {
  const Entry& e = entry(key);
  if (e.isDict()) fail("'" + std::string(key) + "' is a dictionary, expected a value");
  std::string where = (fileName_.empty() ? std::string("<dictionary>") : fileName_) + ": " + (scope_.empty() ? std::string(key) : scope_ + "/" + std::string(key));
  return TokenStream(e.tokens_, std::move(where), std::string(key));
}

// ---------------------------------------------------------------- typed values

namespace {

template <class T>
T readValue(TokenStream& ts);

template <>
Scalar readValue<Scalar>(TokenStream& ts) { return ts.readScalar(); }
template <>
Label readValue<Label>(TokenStream& ts) { return ts.readLabel(); }
template <>
std::int64_t readValue<std::int64_t>(TokenStream& ts) { return ts.readInteger(); }
template <>
bool readValue<bool>(TokenStream& ts) { return ts.readBool(); }
template <>
std::string readValue<std::string>(TokenStream& ts) { return ts.readWordOrString(); }
template <>
Vec3 readValue<Vec3>(TokenStream& ts) { return ts.readVec3(); }
template <>
std::vector<Scalar> readValue<std::vector<Scalar>>(TokenStream& ts) { return ts.readScalarList(); }
template <>
std::vector<Label> readValue<std::vector<Label>>(TokenStream& ts) { return ts.readLabelList(); }
template <>
std::vector<Vec3> readValue<std::vector<Vec3>>(TokenStream& ts) { return ts.readVec3List(); }
template <>
std::vector<std::string> readValue<std::vector<std::string>>(TokenStream& ts) { return ts.readWordList(); }

}  // namespace

template <class T>
T Dictionary::get(std::string_view key) const {
  TokenStream ts = stream(key);
  T value = readValue<T>(ts);
  ts.expectEnd();
  return value;
}

template <class T>
T Dictionary::getOr(std::string_view key, const T& fallback) const {
  if (!found(key)) return fallback;
  return get<T>(key);
}

#define SLUICE_DICTIONARY_GET(T)                                 \
  template T Dictionary::get<T>(std::string_view) const;         \
  template T Dictionary::getOr<T>(std::string_view, const T&) const;
SLUICE_DICTIONARY_GET(Scalar)
SLUICE_DICTIONARY_GET(Label)
SLUICE_DICTIONARY_GET(std::int64_t)
SLUICE_DICTIONARY_GET(bool)
SLUICE_DICTIONARY_GET(std::string)
SLUICE_DICTIONARY_GET(Vec3)
SLUICE_DICTIONARY_GET(std::vector<Scalar>)
SLUICE_DICTIONARY_GET(std::vector<Label>)
SLUICE_DICTIONARY_GET(std::vector<Vec3>)
SLUICE_DICTIONARY_GET(std::vector<std::string>)
#undef SLUICE_DICTIONARY_GET

namespace {

/// The word of `key`, failing at its position with `message(value, list)` unless it is in `allowed`.
template <class Message>
std::string readWordAmong(const Dictionary& dict, std::string_view key, const std::vector<std::string>& allowed,
                          Message message) {
  TokenStream ts = dict.stream(key);
  if (ts.atEnd()) ts.fail("expected a word, found end of entry");
  const Token& token = ts.peek();
  std::string value = ts.readWordOrString();
  ts.expectEnd();
  if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
    std::string list;
    for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
    ts.failAt(token, message(value, list));
  }
  return value;
}

}  // namespace

std::string Dictionary::getChoice(std::string_view key, const std::vector<std::string>& allowed) const {
  return readWordAmong(*this, key, allowed, [](const std::string& value, const std::string& list) {
    return "unknown value " + quoteInput(value) + " (expected one of: " + list + ")";
  });
}

std::string Dictionary::getSupported(std::string_view key, const std::vector<std::string>& supported) const {
  return readWordAmong(*this, key, supported, [](const std::string& value, const std::string& list) {
    return quoteInput(value) + " is not supported (supported: " + list + ")";
  });
}

DimensionSet readDimensionSet(TokenStream& ts) {
  if (ts.atEnd() || !ts.peek().isPunct('[')) ts.fail("expected a dimension set '[...]', found " + ts.describeNext());
  const Token& open = ts.next();
  std::vector<double> values;
  while (!ts.acceptPunct(']')) {
    if (ts.atEnd()) ts.fail("expected ']', found end of entry");
    values.push_back(ts.readScalar());
  }
  if (values.size() != 5 && values.size() != 7) {
    ts.failAt(open, "expected 5 or 7 dimension exponents, found " + std::to_string(values.size()));
  }
  DimensionSet dims;
  for (std::size_t i = 0; i < values.size(); ++i) dims.exponents[i] = values[i];
  return dims;
}

DimensionedScalar Dictionary::getDimensioned(std::string_view key) const {
  TokenStream ts = stream(key);
  DimensionedScalar out;
  out.name = std::string(key);
  if (!ts.atEnd() && ts.peek().isWord()) out.name = ts.readWord();
  if (!ts.atEnd() && ts.peek().isPunct('[')) out.dimensions = readDimensionSet(ts);
  out.value = ts.readScalar();
  ts.expectEnd();
  return out;
}

DimensionSet Dictionary::getDimensions(std::string_view key) const {
  TokenStream ts = stream(key);
  DimensionSet dims = readDimensionSet(ts);
  ts.expectEnd();
  return dims;
}

void Dictionary::rejectUnknown(const std::vector<std::string>& known) const {
  for (const Entry& e : entries_) {
    if (scope_.empty() && e.keyword_ == "FoamFile") continue;
    if (std::find(known.begin(), known.end(), e.keyword_) == known.end()) {
      fail("unknown keyword " + quoteInput(e.keyword_) + (e.line_ > 0 ? " (line " + std::to_string(e.line_) + ")" : ""));
    }
  }
}

// ---------------------------------------------------------------- context

std::string Dictionary::context() const {
  std::string name = fileName_.empty() ? std::string("<dictionary>") : fileName_;
  return scope_.empty() ? name : name + ": " + scope_;
}

void Dictionary::fail(const std::string& message) const { throw InputError(context() + ": " + message); }

void Dictionary::set(Entry entry) {
  Entry placed = DictionaryParser::cloneEntry(entry, fileName_, scope_);
  for (Entry& existing : entries_) {
    if (existing.keyword_ == placed.keyword_) {
      existing = std::move(placed);
      return;
    }
  }
  entries_.push_back(std::move(placed));
}

}  // namespace sluice::io
