#pragma once
// A reconstructed OpenFOAM field file (CASE/<time>/U, ascii or binary)
// written by every rank at once without gathering the field anywhere: the
// internal values are written one per line at a fixed width (binary: raw
// doubles, 8 bytes a component), so the value of the cell with file index i
// starts at header + i x width, and each rank writes the values of its own
// cells (pwrite) while rank 0 writes the header and the rest. The
// header, dimensions and boundaryField come from the field file the run read
// (0/U: its boundary conditions as the user wrote them), with the FoamFile
// location set to the new time.
//
//   FoamFieldFile layout = FoamFieldFile::fromSource(sourceText, "0/U", nGlobalCells, writePrecision, binary);
//   // writer thread of every rank, no MPI:
//   layout.writePart(caseDir / "0.5" / "U", "0.5", fileCellIds, values, rank == 0);
//
// OpenFOAM's reader takes the padding as white space. A binary file declares
// `format binary` and `arch "LSB;label=32;scalar=64"`, and the boundary
// values' nonuniform lists are binary too (io::binaryListsText), as OpenFOAM
// writes them. Only file I/O: safe on the writer thread.
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "sluice/core/types.hpp"

namespace sluice::output {

class FoamFieldFile {
 public:
  /// `source`: the text of the field file the run read (ascii, or binary:
  /// its lists are taken as their values), shown as `sourceName` in errors
  /// (InputError when it has no top-level internalField entry or is not a
  /// volScalarField/volVectorField). `writePrecision`: significant
  /// digits (ascii). `binary`: OpenFOAM's writeFormat binary.
  static FoamFieldFile fromSource(const std::string& source, const std::string& sourceName, GlobalLabel nGlobalCells,
                                  int writePrecision, bool binary = false);

  int components() const { return components_; }
  /// Bytes of one value's line (padding and newline included; binary: its raw bytes).
  std::size_t lineWidth() const { return lineWidth_; }
  /// The text before the first value's line, for time `timeName`.
  std::string header(const std::string& timeName) const;
  /// The text after the last value's line.
  const std::string& trailer() const { return trailer_; }

  /// Writes this rank's values (`components()` doubles per cell, cells by
  /// their index in the case files' order) into `file`, creating it and its
  /// folder as needed; with `root` also the header and the trailer. Every
  /// rank sets the file's final size, so a longer file from an earlier run
  /// ends up cut. Throws sluice::Error naming the file and the reason.
  void writePart(const std::filesystem::path& file, const std::string& timeName,
                 std::span<const GlobalLabel> fileCellIds, std::span<const double> values, bool root) const;

 private:
  std::string formatLine(const double* value) const;

  std::string beforeLocation_, afterLocation_;  ///< the header around the location's value
  std::string listOpening_;                     ///< "internalField   nonuniform List<scalar> \nN\n(\n"
  std::string trailer_;
  GlobalLabel nGlobalCells_ = 0;
  int components_ = 1;
  int precision_ = 6;
  bool binary_ = false;
  std::size_t lineWidth_ = 0;
};

/// The text of OpenFOAM's <time>/uniform/time file (what a restarted
/// OpenFOAM run reads for the time index and step).
std::string foamUniformTimeText(const std::string& timeName, double time, long long index, double deltaT,
                                double deltaT0);

}  // namespace sluice::output
