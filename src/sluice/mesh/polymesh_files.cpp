#include "sluice/mesh/polymesh_files.hpp"

#include <cstdint>
#include <optional>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/token_stream.hpp"

namespace sluice::mesh {

namespace fs = std::filesystem;

PolyMeshFileHeader readPolyMeshFileHeader(std::string_view text, const std::string& file) {
  PolyMeshFileHeader h;
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

io::FoamStreamFormat PolyMeshFileHeader::streamFormat(const std::string& file) const {
  return io::FoamStreamFormat::fromHeader(binary, arch, file);
}

bool PolyMeshFileHeader::isCompactFaceList(const std::string& file) const {
  if (className == "faceCompactList") return true;
  if (className == "faceList" || className.empty()) return false;
  throw InputError(fmt::format("{}: unexpected class '{}' (expected faceList or faceCompactList)", file, className));
}

std::string polyMeshDisplayName(const fs::path& polyMeshDir) {
  fs::path p = polyMeshDir.lexically_normal();
  if (!p.has_filename() && p.has_parent_path()) p = p.parent_path();
  const fs::path parent = p.parent_path().filename();
  if (parent.empty() || parent == "." || parent == "..") return p.filename().generic_string();
  return (parent / p.filename()).generic_string();
}

fs::path polyMeshFilePath(const fs::path& dir, const std::string& dirName, const std::string& object) {
  const fs::path path = dir / object;
  std::error_code ec;
  if (!fs::exists(path, ec) && fs::exists(dir / (object + ".gz"), ec))
    throw InputError(fmt::format("{}/{}.gz: compressed mesh files are not supported; run foamFormatConvert or gunzip",
                                 dirName, object));
  return path;
}

namespace {

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
    throw InputError(locatedMessage(file, line, 0, fmt::format("patch '{}' has negative nFaces or startFace", p.name)));
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

}  // namespace

std::vector<Patch> readBoundaryPatches(std::string_view text, const PolyMeshFileHeader& header,
                                       const std::string& file) {
  io::TokenStream ts = io::tokenizeBody(text, header.parsed, file);

  if (ts.atEnd()) throw InputError(file + ": expected the list of patches, file ends");
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
    const io::Dictionary d = io::Dictionary::fromStream(ts, file, name);
    patches.push_back(readPatch(name, d, nameToken.line, file));
  }
  ts.expectEnd();
  if (count >= 0 && static_cast<std::size_t>(count) != patches.size())
    ts.failAt(sizeToken, fmt::format("list says {} entries but has {}", count, patches.size()));
  return patches;
}

PolyMeshFile openPolyMeshFile(const std::filesystem::path& dir, const std::string& dirName,
                              const std::string& object) {
  const std::string name = dirName + "/" + object;
  std::optional<io::MappedFile> file = io::MappedFile::open(polyMeshFilePath(dir, dirName, object));
  if (!file) throw InputError(name + ": cannot open file");
  PolyMeshFileHeader header = readPolyMeshFileHeader(file->text(), name);
  return PolyMeshFile{name, std::move(*file), std::move(header)};
}

}  // namespace sluice::mesh
