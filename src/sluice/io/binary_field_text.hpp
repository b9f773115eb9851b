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

namespace sluice::io {

std::string asciiFieldText(std::string text, const std::string& file);

}  // namespace sluice::io
