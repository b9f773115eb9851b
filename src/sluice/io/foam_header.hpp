#pragma once
// The FoamFile header of an OpenFOAM file, parsed without touching the body,
// for readers of large or binary files (polyMesh points/faces/owner).
//
//   std::string text = ...;                       // whole file
//   io::FoamHeader h = io::readFoamHeader(text, "constant/polyMesh/points");
//   bool binary = h.header.subDict("FoamFile").getOr<std::string>("format", "ascii") == "binary";
//   // the body ("1000\n(...)") starts at text[h.bodyOffset]
//   io::TokenStream body = io::tokenizeBody(text, h, "constant/polyMesh/boundary");  // ASCII bodies
#include <cstddef>
#include <string>
#include <string_view>

#include "sluice/io/dictionary.hpp"
#include "sluice/io/token_stream.hpp"

namespace sluice::io {

struct FoamHeader {
  Dictionary header;           ///< holds the FoamFile sub-dictionary (empty if the file has none)
  std::size_t bodyOffset = 0;  ///< byte offset of the first token after the header (comments skipped)
  int bodyLine = 1;            ///< line number at bodyOffset
  bool hasHeader() const { return header.isDict("FoamFile"); }
  /// FoamFile's `format` (ascii/binary), "ascii" when absent.
  std::string format() const;
};

/// Parses only the header. Without a FoamFile header, bodyOffset is the
/// start of the first token. Throws InputError on a malformed header.
FoamHeader readFoamHeader(std::string_view text, std::string displayName);

/// All tokens of an ASCII body (from header.bodyOffset to the end), e.g. the
/// keyword-less `N ( name { ... } ... )` list of polyMesh/boundary; read
/// patches with Dictionary::fromStream. No macro expansion or directives.
TokenStream tokenizeBody(std::string_view text, const FoamHeader& header, std::string displayName);

}  // namespace sluice::io
