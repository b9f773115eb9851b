#include "sluice/mesh/polymesh_io.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/foam_header.hpp"
#include "sluice/io/foam_list_reader.hpp"
#include "sluice/io/text_file.hpp"
#include "sluice/io/token_stream.hpp"

namespace sluice::mesh {

namespace fs = std::filesystem;

namespace {

/// What the readers need from a FoamFile header.
struct FileHeader {
  io::FoamHeader parsed;
  bool binary = false;
  std::string className;
  std::string arch;
};

FileHeader scanHeader(std::string_view text, const std::string& file) {
  FileHeader h;
  h.parsed = io::readFoamHeader(text, file);
  if (!h.parsed.hasHeader()) return h;  // no header: ascii with default widths
  const io::Dictionary& d = h.parsed.header.subDict("FoamFile");
  if (const io::Entry* format = d.findEntry("format")) {
    const std::string value = d.get<std::string>("format");
    if (value == "binary")
      h.binary = true;
    else if (value != "ascii")
      throw InputError(locatedMessage(file, format->line(), 0,
                                      fmt::format("unknown format '{}' (expected ascii or binary)", value)));
  }
  h.className = d.getOr<std::string>("class", "");
  h.arch = d.getOr<std::string>("arch", "");
  return h;
}

/// The text of one polyMesh file plus its header.
struct MeshFile {
  std::string name;  ///< display name, e.g. "constant/polyMesh/points"
  std::string text;
  FileHeader header;

  io::FoamListReader reader() const {
    return io::FoamListReader(text, header.parsed.bodyOffset,
                              io::FoamStreamFormat::fromHeader(header.binary, header.arch, name), name);
  }
};

/// "constant/polyMesh" from ".../case/constant/polyMesh/".
std::string displayDir(const fs::path& polyMeshDir) {
  fs::path p = polyMeshDir.lexically_normal();
  if (!p.has_filename() && p.has_parent_path()) p = p.parent_path();
  const fs::path parent = p.parent_path().filename();
  if (parent.empty() || parent == "." || parent == "..") return p.filename().generic_string();
  return (parent / p.filename()).generic_string();
}

MeshFile loadMeshFile(const fs::path& dir, const std::string& dirName, const std::string& object) {
  MeshFile f;
  f.name = dirName + "/" + object;
  const fs::path path = dir / object;
  std::error_code ec;
  if (!fs::exists(path, ec) && fs::exists(dir / (object + ".gz"), ec))
    throw InputError(fmt::format("{}.gz: compressed mesh files are not supported; run foamFormatConvert or gunzip",
                                 f.name));
  std::optional<std::string> text = io::readTextFile(path);
  if (!text) throw InputError(f.name + ": cannot open file");
  f.text = std::move(*text);
  f.header = scanHeader(f.text, f.name);
  return f;
}

Patch readPatch(const std::string& name, const io::Dictionary& d, int line, const std::string& file) {
  Patch p;
  p.name = name;
  p.type = d.get<std::string>("type");
  if (!isKnownPatchType(p.type))
    throw InputError(locatedMessage(file, d.entry("type").line(), 0,
                                    fmt::format("patch '{}' has unsupported type '{}'", p.name, p.type)));
  p.size = d.get<Label>("nFaces");
  p.start = d.get<Label>("startFace");
  if (p.size < 0 || p.start < 0)
    throw InputError(locatedMessage(file, line, 0,
                                    fmt::format("patch '{}' has negative nFaces or startFace", p.name)));
  if (d.found("inGroups")) {
    io::TokenStream ts = d.stream("inGroups");
    if (!ts.atEnd() && ts.peek().isWord() && ts.peek().text.rfind("List<", 0) == 0) ts.next();  // List<word> 1(wall)
    p.inGroups = ts.readWordList();
    ts.expectEnd();
  }
  p.neighbourPatch = d.getOr<std::string>("neighbourPatch", "");
  if (p.type == "processor") p.neighbourRank = d.getOr<Label>("neighbProcNo", -1);
  return p;
}

/// The boundary body: `N ( name { type ..; nFaces ..; startFace ..; } ... )`.
std::vector<Patch> readBoundary(const MeshFile& f) {
  io::TokenStream ts = io::tokenizeBody(f.text, f.header.parsed, f.name);

  if (ts.atEnd()) throw InputError(f.name + ": expected the list of patches, file ends");
  const io::Token sizeToken = ts.peek();
  const std::int64_t count = ts.acceptListSize();
  if (count < 0 && !(ts.peek().isPunct('('))) ts.fail("expected the list of patches, found " + ts.describeNext());
  ts.expectPunct('(');
  std::vector<Patch> patches;
  while (!ts.acceptPunct(')')) {
    if (ts.atEnd()) ts.fail("expected ')' to close the list of patches, found end of file");
    const io::Token& nameToken = ts.peek();
    const std::string name = ts.readWordOrString();
    for (const Patch& p : patches)
      if (p.name == name) ts.failAt(nameToken, fmt::format("duplicate patch name '{}'", name));
    if (ts.atEnd() || !ts.peek().isPunct('{'))
      ts.fail(fmt::format("expected '{{' after patch name '{}', found {}", name, ts.describeNext()));
    const io::Dictionary d = io::Dictionary::fromStream(ts, f.name, name);
    patches.push_back(readPatch(name, d, nameToken.line, f.name));
  }
  ts.expectEnd();
  if (count >= 0 && static_cast<std::size_t>(count) != patches.size())
    ts.failAt(sizeToken, fmt::format("list says {} entries but has {}", count, patches.size()));
  return patches;
}

// --------------------------------------------------------------------- writing

void writeHeader(fmt::memory_buffer& out, const char* className, const std::string& location, const char* object,
                 const std::string& note = {}) {
  fmt::format_to(std::back_inserter(out),
                 "/*--------------------------------*- C++ -*----------------------------------*\\\n"
                 "  Written by sluice\n"
                 "\\*---------------------------------------------------------------------------*/\n"
                 "FoamFile\n{{\n"
                 "    version     2.0;\n"
                 "    format      ascii;\n"
                 "    class       {};\n",
                 className);
  if (!note.empty()) fmt::format_to(std::back_inserter(out), "    note        \"{}\";\n", note);
  fmt::format_to(std::back_inserter(out),
                 "    location    \"{}\";\n"
                 "    object      {};\n"
                 "}}\n"
                 "// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //\n\n",
                 location, object);
}

void writeFooter(fmt::memory_buffer& out) {
  fmt::format_to(std::back_inserter(out),
                 "\n// ************************************************************************* //\n");
}

void writeFile(const fs::path& path, const std::string& displayName, const fmt::memory_buffer& data) {
  std::ofstream os(path, std::ios::binary | std::ios::trunc);
  if (!os) throw InputError(displayName + ": cannot write file");
  os.write(data.data(), static_cast<std::streamsize>(data.size()));
  os.close();
  if (!os) throw InputError(displayName + ": write error");
}

void writeLabelList(fmt::memory_buffer& out, const std::vector<Label>& list) {
  fmt::format_to(std::back_inserter(out), "{}\n(\n", list.size());
  for (Label v : list) fmt::format_to(std::back_inserter(out), "{}\n", v);
  fmt::format_to(std::back_inserter(out), ")\n");
}

}  // namespace

PolyMesh readPolyMesh(const fs::path& polyMeshDir) {
  const std::string dirName = displayDir(polyMeshDir);

  std::vector<Vec3> points;
  {
    const MeshFile f = loadMeshFile(polyMeshDir, dirName, "points");
    auto in = f.reader();
    points = in.readVectorList();
    in.expectEnd();
  }
  FaceList faces;
  {
    const MeshFile f = loadMeshFile(polyMeshDir, dirName, "faces");
    auto in = f.reader();
    io::CompactLabelLists lists;
    if (f.header.className == "faceCompactList")
      lists = in.readCompactLabelListList();
    else if (f.header.className == "faceList" || f.header.className.empty())
      lists = in.readLabelListList();
    else
      throw InputError(fmt::format("{}: unexpected class '{}' (expected faceList or faceCompactList)", f.name,
                                   f.header.className));
    in.expectEnd();
    faces = FaceList(std::move(lists.offsets), std::move(lists.values));
  }
  std::vector<Label> owner;
  {
    const MeshFile f = loadMeshFile(polyMeshDir, dirName, "owner");
    auto in = f.reader();
    owner = in.readLabelList();
    in.expectEnd();
  }
  std::vector<Label> neighbour;
  {
    const MeshFile f = loadMeshFile(polyMeshDir, dirName, "neighbour");
    auto in = f.reader();
    neighbour = in.readLabelList();
    in.expectEnd();
    // Old OpenFOAM versions padded neighbour to nFaces with -1.
    while (!neighbour.empty() && neighbour.back() == -1) neighbour.pop_back();
  }
  std::vector<Patch> patches = readBoundary(loadMeshFile(polyMeshDir, dirName, "boundary"));

  return PolyMesh(std::move(points), std::move(faces), std::move(owner), std::move(neighbour), std::move(patches),
                  dirName);
}

void writePolyMesh(const PolyMesh& mesh, const fs::path& polyMeshDir) {
  const std::string dirName = displayDir(polyMeshDir);
  std::error_code ec;
  fs::create_directories(polyMeshDir, ec);
  if (ec) throw InputError(fmt::format("{}: cannot create directory: {}", dirName, ec.message()));
  // Files of an earlier mesh that OpenFOAM would read alongside the new one.
  for (const char* stale : {"points.gz", "faces.gz", "owner.gz", "neighbour.gz", "boundary.gz", "cellZones",
                            "faceZones", "pointZones", "cellZones.gz", "faceZones.gz", "pointZones.gz"})
    fs::remove(polyMeshDir / stale, ec);

  auto path = [&](const char* object) { return polyMeshDir / object; };
  auto name = [&](const char* object) { return dirName + "/" + object; };

  {
    fmt::memory_buffer out;
    writeHeader(out, "vectorField", dirName, "points");
    fmt::format_to(std::back_inserter(out), "{}\n(\n", mesh.points().size());
    for (const Vec3& p : mesh.points()) fmt::format_to(std::back_inserter(out), "({} {} {})\n", p.x, p.y, p.z);
    fmt::format_to(std::back_inserter(out), ")\n");
    writeFooter(out);
    writeFile(path("points"), name("points"), out);
  }
  {
    fmt::memory_buffer out;
    writeHeader(out, "faceList", dirName, "faces");
    const FaceList& faces = mesh.faces();
    fmt::format_to(std::back_inserter(out), "{}\n(\n", faces.size());
    for (Label f = 0; f < faces.size(); ++f) {
      const auto face = faces[f];
      fmt::format_to(std::back_inserter(out), "{}({})\n", face.size(), fmt::join(face, " "));
    }
    fmt::format_to(std::back_inserter(out), ")\n");
    writeFooter(out);
    writeFile(path("faces"), name("faces"), out);
  }
  const std::string note = fmt::format("nPoints:{}  nCells:{}  nFaces:{}  nInternalFaces:{}", mesh.nPoints(),
                                       mesh.nCells(), mesh.nFaces(), mesh.nInternalFaces());
  {
    fmt::memory_buffer out;
    writeHeader(out, "labelList", dirName, "owner", note);
    writeLabelList(out, mesh.owner());
    writeFooter(out);
    writeFile(path("owner"), name("owner"), out);
  }
  {
    fmt::memory_buffer out;
    writeHeader(out, "labelList", dirName, "neighbour", note);
    writeLabelList(out, mesh.neighbour());
    writeFooter(out);
    writeFile(path("neighbour"), name("neighbour"), out);
  }
  {
    fmt::memory_buffer out;
    writeHeader(out, "polyBoundaryMesh", dirName, "boundary");
    auto it = std::back_inserter(out);
    fmt::format_to(it, "{}\n(\n", mesh.patches().size());
    for (const Patch& p : mesh.patches()) {
      fmt::format_to(it, "    {}\n    {{\n        type            {};\n", p.name, p.type);
      if (!p.inGroups.empty())
        fmt::format_to(it, "        inGroups        {}({});\n", p.inGroups.size(), fmt::join(p.inGroups, " "));
      fmt::format_to(it, "        nFaces          {};\n        startFace       {};\n", p.size, p.start);
      if (!p.neighbourPatch.empty()) fmt::format_to(it, "        neighbourPatch  {};\n", p.neighbourPatch);
      if (p.type == "processor" && p.neighbourRank >= 0)
        fmt::format_to(it, "        neighbProcNo    {};\n", p.neighbourRank);
      fmt::format_to(it, "    }}\n");
    }
    fmt::format_to(it, ")\n");
    writeFooter(out);
    writeFile(path("boundary"), name("boundary"), out);
  }
}

}  // namespace sluice::mesh
