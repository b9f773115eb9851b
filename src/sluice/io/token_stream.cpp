#include "sluice/io/token_stream.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <utility>

#include "sluice/core/error.hpp"
#include "sluice/io/quote_input.hpp"
#include "sluice/io/tokenizer.hpp"
#include "sluice/io/uniform_list_limit.hpp"

namespace sluice::io {

TokenStream::TokenStream(std::vector<Token> tokens, std::string context, std::string keyword)
    : tokens_(std::make_shared<const std::vector<Token>>(std::move(tokens))),
      context_(std::move(context)),
      keyword_(std::move(keyword)) {}

TokenStream::TokenStream(std::shared_ptr<const std::vector<Token>> tokens, std::string context, std::string keyword)
    : tokens_(tokens ? std::move(tokens) : std::make_shared<const std::vector<Token>>()),
      context_(std::move(context)),
      keyword_(std::move(keyword)) {}

std::string TokenStream::describeNext() const {
  return atEnd() ? std::string("end of entry") : describeToken((*tokens_)[pos_]);
}

void TokenStream::failAt(const Token& token, const std::string& message) const {
  throw InputError(token.where(keyword_.empty() ? message : quoteInput(keyword_) + ": " + message));
}

void TokenStream::fail(const std::string& message) const {
  if (!atEnd()) failAt((*tokens_)[pos_], message);
  if (!tokens_->empty()) failAt(tokens_->back(), message);
  throw InputError(context_ + ": " + message);
}

const Token& TokenStream::peek() const {
  if (atEnd()) fail("unexpected end of entry");
  return (*tokens_)[pos_];
}

const Token& TokenStream::next() {
  if (atEnd()) fail("unexpected end of entry");
  return (*tokens_)[pos_++];
}

void TokenStream::expectPunct(char c) {
  if (atEnd() || !(*tokens_)[pos_].isPunct(c)) fail(std::string("expected '") + c + "', found " + describeNext());
  ++pos_;
}

bool TokenStream::acceptPunct(char c) {
  if (!atEnd() && (*tokens_)[pos_].isPunct(c)) {
    ++pos_;
    return true;
  }
  return false;
}

bool TokenStream::moreInList() {
  if (acceptPunct(')')) return false;
  if (atEnd()) fail("expected ')', found end of entry");
  return true;
}

ListOpening TokenStream::openList() {
  ListOpening list;
  list.sizePos = pos_;
  list.size = acceptListSize();
  expectPunct('(');
  return list;
}

bool TokenStream::moreInList(ListOpening& list) {
  if (!moreInList()) {
    if (list.size >= 0 && static_cast<std::size_t>(list.size) != list.count)
      failAt((*tokens_)[list.sizePos], "list says " + std::to_string(list.size) + " entries but has " +
                                           std::to_string(list.count));
    return false;
  }
  ++list.count;
  return true;
}

bool TokenStream::acceptWord(const char* w) {
  if (!atEnd() && (*tokens_)[pos_].isWord(w)) {
    ++pos_;
    return true;
  }
  return false;
}

Scalar TokenStream::readScalar() {
  if (atEnd() || !(*tokens_)[pos_].isNumber()) fail("expected a number, found " + describeNext());
  return (*tokens_)[pos_++].number;
}

namespace {

/// An integer spelling too long for int64 (the tokenizer makes it a Float).
bool isOversizedInteger(const Token& t) {
  return t.kind == TokenKind::Float && t.text.find_first_of(".eE") == std::string::npos;
}

}  // namespace

std::int64_t TokenStream::readInteger() {
  if (!atEnd() && isOversizedInteger((*tokens_)[pos_]))
    fail("integer " + escapeInput((*tokens_)[pos_].text) + " is out of range (more than 64 bits)");
  if (atEnd() || (*tokens_)[pos_].kind != TokenKind::Integer) fail("expected an integer, found " + describeNext());
  return (*tokens_)[pos_++].integer;
}

Label TokenStream::readLabel() {
  if (!atEnd() && isOversizedInteger((*tokens_)[pos_]))
    fail("integer " + escapeInput((*tokens_)[pos_].text) + " is out of range for a label");
  if (atEnd() || (*tokens_)[pos_].kind != TokenKind::Integer) fail("expected an integer, found " + describeNext());
  std::int64_t v = (*tokens_)[pos_].integer;
  if (v < std::numeric_limits<Label>::min() || v > std::numeric_limits<Label>::max())
    fail("integer " + escapeInput((*tokens_)[pos_].text) + " is out of range for a label");
  ++pos_;
  return static_cast<Label>(v);
}

std::string TokenStream::readWord() {
  if (atEnd() || !(*tokens_)[pos_].isWord()) fail("expected a word, found " + describeNext());
  return (*tokens_)[pos_++].text;
}

std::string TokenStream::readWordOrString() {
  if (atEnd() || !((*tokens_)[pos_].isWord() || (*tokens_)[pos_].isString()))
    fail("expected a word or string, found " + describeNext());
  return (*tokens_)[pos_++].text;
}

bool TokenStream::readBool() {
  if (!atEnd()) {
    const Token& t = (*tokens_)[pos_];
    if (t.kind == TokenKind::Integer && (t.integer == 0 || t.integer == 1)) {
      ++pos_;
      return t.integer == 1;
    }
    if (t.isWord()) {
      const std::string& w = t.text;
      if (w == "true" || w == "on" || w == "yes" || w == "y" || w == "t") {
        ++pos_;
        return true;
      }
      if (w == "false" || w == "off" || w == "no" || w == "n" || w == "f" || w == "none") {
        ++pos_;
        return false;
      }
    }
  }
  fail("expected a boolean (true/false, on/off, yes/no), found " + describeNext());
}

Vec3 TokenStream::readVec3() {
  expectPunct('(');
  Vec3 v;
  v.x = readScalar();
  v.y = readScalar();
  v.z = readScalar();
  expectPunct(')');
  return v;
}

std::int64_t TokenStream::acceptListSize() {
  if (pos_ + 1 < tokens_->size() && (*tokens_)[pos_].kind == TokenKind::Integer &&
      ((*tokens_)[pos_ + 1].isPunct('(') || (*tokens_)[pos_ + 1].isPunct('{'))) {
    const Token& n = (*tokens_)[pos_];
    if (n.integer < 0) failAt(n, "negative list size " + n.text);
    ++pos_;
    return n.integer;
  }
  return -1;
}

namespace {

/// ( a b ... ), N( ... ) or N{v}, checking N against the count.
template <class T, class ReadOne>
std::vector<T> readList(TokenStream& ts, ReadOne readOne) {
  std::vector<T> out;
  const std::size_t sizePos = ts.position();
  const std::int64_t n = ts.acceptListSize();
  if (n >= 0 && ts.acceptPunct('{')) {
    if (static_cast<std::uint64_t>(n) > kMaxUniformListEntries)
      ts.failAt(ts.tokens()[sizePos], "uniform list of " + std::to_string(n) +
                                          " entries is too long: a uniform list may expand to at most " +
                                          std::to_string(kMaxUniformListEntries) + " entries here");
    T value = readOne();
    ts.expectPunct('}');
    out.assign(static_cast<std::size_t>(n), value);
    return out;
  }
  if (ts.atEnd() || !ts.peek().isPunct('(')) ts.fail("expected a list, found " + ts.describeNext());
  ts.next();
  // The declared size is only a hint: never reserve beyond what the entry holds.
  if (n >= 0) out.reserve(std::min(static_cast<std::size_t>(n), ts.tokens().size() - ts.position()));
  ListOpening list{n, sizePos};  // moreInList(list) checks the count against N at the ')'
  while (ts.moreInList(list)) out.push_back(readOne());
  return out;
}

}  // namespace

std::vector<Scalar> TokenStream::readScalarList() {
  return readList<Scalar>(*this, [this] { return readScalar(); });
}

std::vector<Label> TokenStream::readLabelList() {
  return readList<Label>(*this, [this] { return readLabel(); });
}

std::vector<Vec3> TokenStream::readVec3List() {
  return readList<Vec3>(*this, [this] { return readVec3(); });
}

std::vector<std::string> TokenStream::readWordList() {
  if (!atEnd() && ((*tokens_)[pos_].isWord() || (*tokens_)[pos_].isString())) return {readWordOrString()};
  return readList<std::string>(*this, [this] { return readWordOrString(); });
}

void TokenStream::skipValue() {
  const Token& first = next();
  char close = 0;
  if (first.isPunct('(')) close = ')';
  else if (first.isPunct('[')) close = ']';
  else if (first.isPunct('{')) close = '}';
  if (!close) return;
  std::vector<char> stack{close};
  while (!stack.empty()) {
    if (atEnd()) fail(std::string("expected '") + stack.back() + "', found end of entry");
    const Token& t = (*tokens_)[pos_++];
    if (t.kind != TokenKind::Punct) continue;
    char c = t.text[0];
    if (c == '(') stack.push_back(')');
    else if (c == '[') stack.push_back(']');
    else if (c == '{') stack.push_back('}');
    else if (c == ')' || c == ']' || c == '}') {
      if (c != stack.back()) failAt(t, std::string("unbalanced '") + c + "' (expected '" + stack.back() + "')");
      stack.pop_back();
    }
  }
}

void TokenStream::expectEnd() {
  if (atEnd()) return;
  const Token& extra = (*tokens_)[pos_];
  std::string message = "unexpected " + describeToken(extra) + " after value";
  if (pos_ > 0) {
    const Token& last = (*tokens_)[pos_ - 1];
    if (extra.line > last.line && extra.file == last.file)
      message += " (missing ';' on line " + std::to_string(last.line) + "?)";
  }
  fail(message);
}

}  // namespace sluice::io
