#pragma once
// OpenFOAM field files written with `writeFormat binary` (what OpenFOAM users
// often run with) read by the ascii dictionary parser: their binary lists
// (`nonuniform List<scalar> N (` then N raw values then `)`) written out as
// ascii text, and the header's `format binary` made `format ascii`. The rest
// of a binary file (the header, dimensions, uniform values, boundary
// conditions) is ascii text already.
//
//   std::string text = *io::readTextFile(path);
//   io::Dictionary dict = io::Dictionary::parse(io::asciiFieldText(std::move(text), "0.5/U"), "0.5/U");
//
// An ascii file comes back unchanged. The header's `arch` gives the widths
// and byte order (io::FoamStreamFormat). Values are written in the shortest
// form that reads back exactly, so nothing is lost. Throws InputError naming
// the file for a list cut short, a value that is not finite, or a list type
// other than List<scalar>, List<vector> and List<label>.
#include <string>
#include <string_view>

namespace sluice::io {

std::string asciiFieldText(std::string text, const std::string& file);

/// The reverse for a part of a field file (a boundaryField written in ascii):
/// its ascii List<scalar>, List<vector> and List<label> written as OpenFOAM's
/// binary lists (little-endian, label=32, scalar=64: the arch
/// FoamFieldFile's binary files declare); other text unchanged. Throws
/// InputError naming `file` for a malformed list or a label beyond 32 bits.
std::string binaryListsText(std::string_view text, const std::string& file);

}  // namespace sluice::io
