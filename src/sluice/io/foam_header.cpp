#include "sluice/io/foam_header.hpp"

#include "sluice/io/dictionary_parser.hpp"

namespace sluice::io {

std::string FoamHeader::format() const {
  const Dictionary* foamFile = header.findSubDict("FoamFile");
  return foamFile ? foamFile->getOr<std::string>("format", "ascii") : std::string("ascii");
}

FoamHeader readFoamHeader(std::string_view text, std::string displayName) {
  ParseOptions options;
  DictionaryParser parser(options);
  FoamHeader out;
  out.header = parser.parseHeader(text, displayName, out.bodyOffset);
  return out;
}

}  // namespace sluice::io
