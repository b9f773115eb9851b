#pragma once
// Sequential reader over the tokens of one dictionary entry's value, for the
// typed look-ups of Dictionary and for custom grammars (blockMeshDict blocks,
// field values). Every failure throws InputError naming file, line, column.
//
//   TokenStream ts = dict.stream("blocks");
//   while (!ts.atEnd()) { if (ts.peek().isWord("hex")) { ts.next(); ... } }
#include <memory>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/token.hpp"

namespace sluice::io {

/// A list opened by TokenStream::openList, for counting its elements.
struct ListOpening {
  std::int64_t size = -1;   ///< declared size N, -1 when none was given
  std::size_t sizePos = 0;  ///< token index of N
  std::size_t count = 0;    ///< elements seen so far by moreInList
};

class TokenStream {
 public:
  /// `context` names the entry for messages at end of input, e.g. "system/blockMeshDict: blocks".
  /// `keyword`, when given, prefixes located messages: "file:3:9: 'endTime': expected a number, found 'abc'".
  TokenStream(std::vector<Token> tokens, std::string context, std::string keyword = {});
  /// Shares an immutable token list (no copy; used by Dictionary::stream).
  TokenStream(std::shared_ptr<const std::vector<Token>> tokens, std::string context, std::string keyword = {});

  bool atEnd() const { return pos_ >= tokens_->size(); }
  const Token& peek() const;                 ///< throws at end
  const Token* peekOrNull() const { return atEnd() ? nullptr : &(*tokens_)[pos_]; }
  const Token& next();                       ///< throws at end
  std::size_t position() const { return pos_; }
  void seek(std::size_t pos) { pos_ = pos; }

  void expectPunct(char c);                  ///< throws "expected 'c', found 'x'"
  bool acceptPunct(char c);                  ///< consumes and returns true if next is c
  bool acceptWord(const char* w);            ///< consumes and returns true if next is word w
  /// Loop condition over the elements of a list whose '(' has been read:
  /// consumes the closing ')' and returns false there; throws "expected ')',
  /// found end of entry" if the entry ends first.
  ///   while (ts.moreInList()) values.push_back(ts.readScalar());
  bool moreInList();
  /// Reads `(` or `N (` for a list whose elements the caller reads:
  ///   io::ListOpening list = ts.openList();
  ///   while (ts.moreInList(list)) vertices.push_back(ts.readVec3());
  /// moreInList(list) counts the elements and, at the ')', throws "list says
  /// N entries but has M" (at N) when a declared size disagrees.
  ListOpening openList();
  bool moreInList(ListOpening& list);
  Scalar readScalar();
  Label readLabel();                         ///< integer in Label range
  std::int64_t readInteger();
  std::string readWord();                    ///< a Word token
  std::string readWordOrString();
  bool readBool();                           ///< true/false/on/off/yes/no/y/n/1/0
  Vec3 readVec3();                           ///< ( x y z )
  /// A list size written before a list: an integer directly followed by '(' or '{'
  /// (only a hint: readers never allocate by it beyond what the entry holds).
  /// Returns -1 (and consumes nothing) when the next tokens are not "N(" or "N{".
  std::int64_t acceptListSize();
  /// ( a b ... ), N( ... ) or N{v}; N{v} expands to at most
  /// kMaxUniformListEntries entries (io/uniform_list_limit.hpp).
  std::vector<Scalar> readScalarList();
  std::vector<Label> readLabelList();
  std::vector<Vec3> readVec3List();
  std::vector<std::string> readWordList();   ///< ( w1 w2 ... ) or a single word
  /// Skips one complete value: a token, or a balanced ( ... ) / { } / [ ] group.
  void skipValue();
  /// Throws unless the stream is exhausted ("unexpected 'x' after value").
  void expectEnd();

  /// Throws InputError at the current token (or at the end of the entry).
  [[noreturn]] void fail(const std::string& message) const;
  /// Throws InputError at `token`, with the keyword prefix.
  [[noreturn]] void failAt(const Token& token, const std::string& message) const;
  /// "'abc'" for the current token, or "end of entry".
  std::string describeNext() const;
  const std::string& context() const { return context_; }
  const std::string& keyword() const { return keyword_; }  ///< "" when not given
  const std::vector<Token>& tokens() const { return *tokens_; }

 private:
  std::shared_ptr<const std::vector<Token>> tokens_;
  std::size_t pos_ = 0;
  std::string context_;
  std::string keyword_;
};

}  // namespace sluice::io
