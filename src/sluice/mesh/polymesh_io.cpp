#include "sluice/mesh/polymesh_io.hpp"

#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/foam_list_reader.hpp"

namespace sluice::mesh {

namespace fs = std::filesystem;

namespace {

// ===================================================================== TEMPORARY
// Minimal FoamFile header and boundary scanner, used only until the shared
// dictionary parser (io::readFoamHeader, io::Dictionary) is available.

struct MiniToken {
  enum Kind { Word, String, Punct } kind = Word;
  std::string text;
  int line = 0;
  bool isPunct(char c) const { return kind == Punct && text.size() == 1 && text[0] == c; }
};

class MiniLexer {
 public:
  MiniLexer(std::string_view text, std::size_t pos, std::string file) : text_(text), pos_(pos), file_(std::move(file)) {
    for (std::size_t i = 0; i < pos && i < text.size(); ++i)
      if (text[i] == '\n') ++line_;
  }
  std::optional<MiniToken> next() {
    skip();
    if (pos_ >= text_.size()) return std::nullopt;
    MiniToken t;
    t.line = line_;
    const char c = text_[pos_];
    if (c == '"') {
      t.kind = MiniToken::String;
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"') {
        if (text_[pos_] == '\n') ++line_;
        t.text += text_[pos_++];
      }
      ++pos_;
    } else if (std::string_view("(){};").find(c) != std::string_view::npos) {
      t.kind = MiniToken::Punct;
      t.text = c;
      ++pos_;
    } else {
      while (pos_ < text_.size() && std::string_view(" \t\r\n(){};\"").find(text_[pos_]) == std::string_view::npos)
        t.text += text_[pos_++];
    }
    return t;
  }
  std::size_t position() const { return pos_; }
  int line() const { return line_; }
  const std::string& file() const { return file_; }

 private:
  void skip() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_;
        ++pos_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (text_.substr(pos_, 2) == "//") {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (text_.substr(pos_, 2) == "/*") {
        pos_ += 2;
        while (pos_ < text_.size() && text_.substr(pos_, 2) != "*/") {
          if (text_[pos_] == '\n') ++line_;
          ++pos_;
        }
        pos_ += 2;
      } else {
        break;
      }
    }
  }
  std::string_view text_;
  std::size_t pos_;
  std::string file_;
  int line_ = 1;
};

struct MiniEntry {
  std::string key;
  std::vector<MiniToken> value;
  bool isDict = false;
  std::vector<MiniEntry> dict;
  int line = 0;
};

/// Reads `key value ;` and `key { ... }` entries until `}` or the end.
std::vector<MiniEntry> miniDict(MiniLexer& lex, bool braced) {
  std::vector<MiniEntry> out;
  for (;;) {
    auto t = lex.next();
    if (!t) {
      if (braced) throw InputError(locatedMessage(lex.file(), lex.line(), 0, "missing '}'"));
      return out;
    }
    if (t->isPunct('}')) {
      if (!braced) throw InputError(locatedMessage(lex.file(), t->line, 0, "unexpected '}'"));
      return out;
    }
    MiniEntry e;
    e.key = t->text;
    e.line = t->line;
    auto v = lex.next();
    if (v && v->isPunct('{')) {
      e.isDict = true;
      e.dict = miniDict(lex, true);
    } else {
      int depth = 0;
      while (v && !(depth == 0 && v->isPunct(';'))) {
        if (v->isPunct('(')) ++depth;
        if (v->isPunct(')')) --depth;
        e.value.push_back(*v);
        v = lex.next();
      }
      if (!v) throw InputError(locatedMessage(lex.file(), e.line, 0, fmt::format("missing ';' after '{}'", e.key)));
    }
    out.push_back(std::move(e));
  }
}

// ===================================================================== end TEMPORARY

/// What the readers need from a FoamFile header.
struct FileHeader {
  bool binary = false;
  std::string className;
  std::string arch;
  std::size_t bodyOffset = 0;
};

FileHeader scanHeader(std::string_view text, const std::string& file) {
  FileHeader h;
  MiniLexer lex(text, 0, file);
  auto t = lex.next();
  if (!t || t->text != "FoamFile") return h;  // no header: ascii, defaults
  auto brace = lex.next();
  if (!brace || !brace->isPunct('{'))
    throw InputError(locatedMessage(file, t->line, 0, "expected '{' after FoamFile"));
  const auto entries = miniDict(lex, true);
  h.bodyOffset = lex.position();
  for (const MiniEntry& e : entries) {
    const std::string value = e.value.size() == 1 ? e.value[0].text : std::string();
    if (e.key == "format") {
      if (value == "binary")
        h.binary = true;
      else if (value != "ascii")
        throw InputError(locatedMessage(file, e.line, 0,
                                        fmt::format("unknown format '{}' (expected ascii or binary)", value)));
    } else if (e.key == "class") {
      h.className = value;
    } else if (e.key == "arch") {
      h.arch = value;
    }
  }
  return h;
}

/// The text of one polyMesh file plus its header.
struct MeshFile {
  std::string name;  ///< display name, e.g. "constant/polyMesh/points"
  std::string text;
  FileHeader header;

  io::FoamListReader reader() const {
    return io::FoamListReader(text, header.bodyOffset,
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
  std::ifstream in(path, std::ios::binary);
  if (!in || fs::is_directory(path, ec)) throw InputError(f.name + ": cannot open file");
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  in.seekg(0, std::ios::beg);
  if (size > 0) {
    f.text.resize(static_cast<std::size_t>(size));
    in.read(f.text.data(), size);
    if (!in) throw InputError(f.name + ": read error");
  }
  f.header = scanHeader(f.text, f.name);
  return f;
}

std::vector<std::string> wordList(const MiniEntry& e, const std::string& file) {
  std::vector<std::string> words;
  for (const MiniToken& t : e.value) {
    if (t.kind == MiniToken::Punct) continue;
    if (&t == &e.value.front() && t.kind == MiniToken::Word && t.text.rfind("List<", 0) == 0) continue;
    if (&t == &e.value.front() && !t.text.empty() && t.text[0] >= '0' && t.text[0] <= '9') continue;
    words.push_back(t.text);
  }
  (void)file;
  return words;
}

Label labelValue(const MiniEntry& e, const std::string& context) {
  if (e.value.size() != 1) throw InputError(locatedMessage(context, e.line, 0, fmt::format("bad '{}'", e.key)));
  try {
    std::size_t used = 0;
    const long long v = std::stoll(e.value[0].text, &used);
    if (used != e.value[0].text.size() || v < 0 || v > std::numeric_limits<Label>::max()) throw 0;
    return static_cast<Label>(v);
  } catch (...) {
    throw InputError(locatedMessage(context, e.line, 0,
                                    fmt::format("bad {} '{}' (expected a non-negative integer)", e.key, e.value[0].text)));
  }
}

std::vector<Patch> readBoundary(const MeshFile& f) {
  MiniLexer lex(f.text, f.header.bodyOffset, f.name);
  auto count = lex.next();
  if (!count) throw InputError(f.name + ": expected a list of patches, file ends");
  std::size_t n = 0;
  try {
    n = std::stoul(count->text);
  } catch (...) {
    throw InputError(locatedMessage(f.name, count->line, 0, fmt::format("expected the number of patches, found '{}'", count->text)));
  }
  auto open = lex.next();
  if (!open || !open->isPunct('('))
    throw InputError(locatedMessage(f.name, count->line, 0, "expected '(' after the number of patches"));
  std::vector<Patch> patches;
  for (;;) {
    auto name = lex.next();
    if (!name) throw InputError(f.name + ": patch list not closed by ')'");
    if (name->isPunct(')')) break;
    auto brace = lex.next();
    if (!brace || !brace->isPunct('{'))
      throw InputError(locatedMessage(f.name, name->line, 0, fmt::format("expected '{{' after patch name '{}'", name->text)));
    const auto entries = miniDict(lex, true);
    Patch p;
    p.name = name->text;
    bool haveType = false, haveN = false, haveStart = false;
    for (const MiniEntry& e : entries) {
      if (e.key == "type") {
        if (e.value.size() != 1) throw InputError(locatedMessage(f.name, e.line, 0, "bad 'type'"));
        p.type = e.value[0].text;
        haveType = true;
        if (!isKnownPatchType(p.type))
          throw InputError(locatedMessage(f.name, e.line, 0,
                                          fmt::format("patch '{}' has unsupported type '{}'", p.name, p.type)));
      } else if (e.key == "nFaces") {
        p.size = labelValue(e, f.name);
        haveN = true;
      } else if (e.key == "startFace") {
        p.start = labelValue(e, f.name);
        haveStart = true;
      } else if (e.key == "inGroups") {
        p.inGroups = wordList(e, f.name);
      } else if (e.key == "neighbourPatch") {
        if (e.value.size() == 1) p.neighbourPatch = e.value[0].text;
      } else if (e.key == "neighbProcNo") {
        p.neighbourRank = labelValue(e, f.name);
      }
    }
    const char* missing = !haveType ? "type" : (!haveN ? "nFaces" : (!haveStart ? "startFace" : nullptr));
    if (missing)
      throw InputError(locatedMessage(f.name, name->line, 0, fmt::format("patch '{}': missing '{}'", p.name, missing)));
    patches.push_back(std::move(p));
  }
  if (patches.size() != n)
    throw InputError(fmt::format("{}: expected {} patches, found {}", f.name, n, patches.size()));
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
