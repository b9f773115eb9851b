#include "sluice/io/foam_header.hpp"

#include <memory>
#include <utility>
#include <vector>

#include "sluice/io/dictionary_parser.hpp"
#include "sluice/io/tokenizer.hpp"

namespace sluice::io {

std::string FoamHeader::format() const {
  const Dictionary* foamFile = header.findSubDict("FoamFile");
  return foamFile ? foamFile->getOr<std::string>("format", "ascii") : std::string("ascii");
}

FoamHeader readFoamHeader(std::string_view text, std::string displayName) {
  ParseOptions options;
  DictionaryParser parser(options);
  FoamHeader out;
  out.header = parser.parseHeader(text, displayName, out.bodyOffset, out.bodyLine);
  return out;
}

TokenStream tokenizeBody(std::string_view text, const FoamHeader& header, std::string displayName) {
  auto file = std::make_shared<const std::string>(displayName);
  Tokenizer lexer(text, file, header.bodyOffset, header.bodyLine);
  std::vector<Token> tokens;
  Token t;
  while (lexer.next(t)) tokens.push_back(std::move(t));
  return TokenStream(std::move(tokens), std::move(displayName));
}

}  // namespace sluice::io
