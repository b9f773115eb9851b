#pragma once
// OpenFOAM as the reference for the output module's MPI sampling tests: rank 0
// writes and runs an OpenFOAM case (blockMesh, postProcess with `sets`
// function objects), every rank learns whether that worked, and rank 0 reads
// OpenFOAM's raw set files back.
//
//   if (!openFoamOnRoot()) GTEST_SKIP() << "OpenFOAM not installed";  // collective
//   // A graded box of 7 x 5 x 4 cells, fields T and U sampled on `setsText` by two schemes:
//   const BlockCase blockCase{"7 5 4", {"cellPointFace", "cell"}, setsText, scalarField, vectorField};
//   mesh::PolyMesh global;
//   std::string failure;
//   ASSERT_TRUE(runBlockCase(dir, blockCase, global, failure)) << failure;  // blockMesh, postProcess
//   const auto rows = readRows(dir / "postProcessing/cell/0/l1_T.xy");      // rank 0
// or step by step: writeBlockCase, runOnRoot("blockMesh -case ..."), writeBlockFields, ...
#include <mpi.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "output/mpi/mpi_output_support.hpp"
#include "output/mpi/sampled_fields.hpp"
#include "output/output_test_support.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "support/run_command.hpp"

namespace sluice::test {

inline const char* const kOpenFoamEnv = "env WM_PROJECT_DIR=/usr/share/openfoam FOAM_ETC=/usr/share/openfoam/etc ";

inline bool haveOpenFoam() {
  return std::filesystem::exists("/usr/bin/blockMesh") && std::filesystem::exists("/usr/bin/postProcess") &&
         std::filesystem::exists("/usr/share/openfoam/etc/controlDict");
}

/// Collective: whether rank 0 has OpenFOAM installed (and the path `required`, if given).
inline bool openFoamOnRoot(const std::filesystem::path& required = {}) {
  int ok = commRank() == 0 && haveOpenFoam() && (required.empty() || std::filesystem::exists(required));
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok != 0;
}

/// Collective: rank 0 runs `command` (OpenFOAM) unless an earlier one failed;
/// every rank learns whether it worked. The failure and the output go to `failure`.
inline bool runOnRoot(const std::string& command, std::string& failure) {
  if (commRank() == 0 && failure.empty()) {
    const auto r = runCommand(std::string(kOpenFoamEnv) + command, 300);
    if (r.exitCode != 0) failure = command + " failed:\n" + r.output;
  }
  int ok = failure.empty();
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok != 0;
}

/// Rows of numbers of an OpenFOAM raw set file.
inline std::vector<std::vector<double>> readRows(const std::filesystem::path& file) {
  std::vector<std::vector<double>> rows;
  for (const std::string& line : splitLines(readTextFile(file))) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::vector<double> row;
    for (double v; is >> v;) row.push_back(v);
    rows.push_back(row);
  }
  return rows;
}

/// An OpenFOAM case for blockMesh and postProcess: the box [0, 1] x [0, 0.8] x
/// [0, 0.6] of `cells` cells graded (2 0.5 1.5), patches `left` (x = 0) and
/// `walls` (the rest); a controlDict with one `sets` object per scheme in
/// `schemes`, named after it (raw format, fields T and U), each holding the
/// set entries `sets`; 0/T and 0/U from the functions T and U, every patch
/// fixedValue.
struct BlockCase {
  std::string cells;                 ///< "nx ny nz"
  std::vector<std::string> schemes;  ///< interpolation schemes, one `sets` object each
  std::string sets;                  ///< the set entries, OpenFOAM syntax
  FieldFunction T;
  VectorFunction U;
};

/// The case's system/ files in `dir` (blockMeshDict, controlDict, fvSchemes, fvSolution).
inline void writeBlockCase(const std::filesystem::path& dir, const BlockCase& c) {
  auto write = [&](const std::string& rel, const std::string& object, const std::string& body) {
    std::filesystem::create_directories((dir / rel).parent_path());
    std::ofstream(dir / rel) << fmt::format("FoamFile {{ version 2.0; format ascii; class dictionary; object {}; }}\n",
                                            object)
                             << body;
  };
  write("system/blockMeshDict", "blockMeshDict",
        "convertToMeters 1;\n"
        "vertices ((0 0 0) (1 0 0) (1 0.8 0) (0 0.8 0) (0 0 0.6) (1 0 0.6) (1 0.8 0.6) (0 0.8 0.6));\n"
        "blocks (hex (0 1 2 3 4 5 6 7) (" + c.cells + ") simpleGrading (2 0.5 1.5));\n"
        "edges ();\n"
        "boundary (\n"
        "  left { type patch; faces ((0 4 7 3)); }\n"
        "  walls { type wall; faces ((1 2 6 5) (0 1 5 4) (3 7 6 2) (0 3 2 1) (4 5 6 7)); }\n"
        ");\n");
  std::string functions;
  for (const std::string& scheme : c.schemes)
    functions += fmt::format(
        "  {0} {{ type sets; libs (sampling); interpolationScheme {0}; setFormat raw; writeControl timeStep;\n"
        "    writeInterval 1; fields (T U);\n    sets ({1}); }}\n",
        scheme, c.sets);
  write("system/controlDict", "controlDict",
        "application simpleFoam; startFrom startTime; startTime 0; stopAt endTime; endTime 1; deltaT 1;\n"
        "writeControl timeStep; writeInterval 1; writeFormat ascii; writePrecision 17; timePrecision 6;\n"
        "functions\n{\n" + functions + "}\n");
  write("system/fvSchemes", "fvSchemes",
        "ddtSchemes { default steadyState; } gradSchemes { default Gauss linear; } divSchemes { default none; }\n"
        "laplacianSchemes { default Gauss linear corrected; } interpolationSchemes { default linear; }\n"
        "snGradSchemes { default corrected; }\n");
  write("system/fvSolution", "fvSolution", "");
}

/// 0/T and 0/U of the global mesh `m`: cell values T(cell centre), U(cell
/// centre), and every patch fixedValue with the values at its face centres.
inline void writeBlockFields(const std::filesystem::path& dir, const mesh::PolyMesh& m, const FieldFunction& T,
                             const VectorFunction& U) {
  const mesh::MeshGeometry geo = mesh::MeshGeometry::compute(m);
  auto scalarText = [&](const Vec3& p) { return fmt::format("{:.17g}", T(p)); };
  auto vectorText = [&](const Vec3& p) {
    const Vec3 v = U(p);
    return fmt::format("({:.17g} {:.17g} {:.17g})", v.x, v.y, v.z);
  };
  auto field = [&](const std::string& name, const std::string& cls, const std::string& type, auto&& text) {
    std::ostringstream os;
    os << fmt::format("FoamFile {{ version 2.0; format ascii; class {}; object {}; }}\n", cls, name)
       << "dimensions [0 0 0 0 0 0 0];\ninternalField nonuniform List<" << type << "> " << m.nCells() << "\n(\n";
    for (Label c = 0; c < m.nCells(); ++c) os << text(geo.cellCentres[c]) << "\n";
    os << ");\nboundaryField\n{\n";
    for (const mesh::Patch& p : m.patches()) {
      os << p.name << " { type fixedValue; value nonuniform List<" << type << "> " << p.size << "\n(\n";
      for (Label f = p.start; f < p.start + p.size; ++f) os << text(geo.faceCentres[f]) << "\n";
      os << "); }\n";
    }
    os << "}\n";
    std::ofstream(dir / "0" / name) << os.str();
  };
  std::filesystem::create_directories(dir / "0");
  field("T", "volScalarField", "scalar", scalarText);
  field("U", "volVectorField", "vector", vectorText);
}

/// Collective: rank 0 writes the case in `dir` and runs blockMesh; every rank
/// reads the mesh into `global`; rank 0 writes 0/T and 0/U and runs
/// postProcess at time 0. False on every rank, with the failed command's
/// output in `failure`, if blockMesh or postProcess failed.
inline bool runBlockCase(const std::filesystem::path& dir, const BlockCase& c, mesh::PolyMesh& global,
                         std::string& failure) {
  if (commRank() == 0) writeBlockCase(dir, c);
  if (!runOnRoot("blockMesh -case " + shellQuote(dir.string()), failure)) return false;
  global = mesh::readPolyMesh(dir / "constant/polyMesh");
  if (commRank() == 0) writeBlockFields(dir, global, c.T, c.U);
  return runOnRoot("postProcess -case " + shellQuote(dir.string()) + " -time 0 -fields '(T U)'", failure);
}

}  // namespace sluice::test
