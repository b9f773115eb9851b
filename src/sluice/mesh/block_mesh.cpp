#include "sluice/mesh/block_mesh.hpp"

#include <fmt/format.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/mesh/block_assembly.hpp"
#include "sluice/mesh/block_mesh_spec.hpp"
#include "sluice/mesh/patch.hpp"

namespace sluice::mesh {

namespace {

using io::Token;
using io::TokenStream;

[[noreturn]] void failAt(const Token& token, const std::string& message) { throw InputError(token.where(message)); }

SourcePos posOf(const Token& token) { return {token.line, token.column}; }

/// Turns a blockMeshDict into a BlockMeshSpec (syntax errors are located at
/// their token; consistency checks are left to assembleBlockMesh).
///   BlockMeshSpec spec = BlockMeshDictReader(dict).read();
class BlockMeshDictReader {
 public:
  explicit BlockMeshDictReader(const io::Dictionary& dict) : dict_(dict) {
    spec_.fileName = dict.fileName().empty() ? std::string("blockMeshDict") : dict.fileName();
  }

  BlockMeshSpec read() {
    readScale();
    readVertices();
    rejectUnsupported();
    readEdges();
    readBlocks();
    readPatches();
    readDefaultPatch();
    return std::move(spec_);
  }

 private:
  void readScale() {
    const char* key = dict_.found("scale") ? "scale" : (dict_.found("convertToMeters") ? "convertToMeters" : nullptr);
    if (!key) return;
    TokenStream ts = dict_.stream(key);
    const Token& tok = ts.peek();
    spec_.scale = ts.readScalar();
    ts.expectEnd();
    if (!(spec_.scale > 0)) failAt(tok, fmt::format("{} must be positive, found {}", key, tok.text));
  }

  void readVertices() {
    TokenStream ts = dict_.stream("vertices");
    auto list = ts.openList();
    while (ts.moreInList(list)) {
      const Token& tok = ts.peek();
      if (tok.isWord("name")) {
        ts.next();
        const Token& nameTok = ts.peek();
        const std::string name = ts.readWord();
        if (!names_.emplace(name, static_cast<Label>(spec_.vertices.size())).second)
          failAt(nameTok, fmt::format("duplicate vertex name '{}'", name));
      }
      const Token& vtok = ts.peek();
      if (vtok.isWord())
        failAt(vtok,
               fmt::format("vertex type '{}' is not supported (supported: (x y z), name <word> (x y z))", vtok.text));
      spec_.vertices.push_back(ts.readVec3());
    }
    ts.expectEnd();
  }

  /// Accepts an empty list; a non-empty one is an error at its first element.
  static void rejectNonEmptyList(TokenStream& ts, const std::string& message) {
    if (ts.atEnd()) return;
    auto list = ts.openList();
    if (!ts.moreInList(list)) return;
    failAt(ts.peek(), message);
  }

  void rejectUnsupported() const {
    if (dict_.found("mergePatchPairs")) {
      TokenStream ts = dict_.stream("mergePatchPairs");
      rejectNonEmptyList(ts, "mergePatchPairs is not supported");
      ts.expectEnd();
    }
    if (dict_.found("faces")) {
      TokenStream ts = dict_.stream("faces");
      rejectNonEmptyList(ts, "curved block faces ('faces') are not supported");
      ts.expectEnd();
    }
  }

  /// End of the boundary/patches list. OpenFOAM ignores what follows the
  /// list, so dictionaries with a missing ';' before `mergePatchPairs ( );`
  /// exist (dsmcFoam tutorials); accept that, and nothing else.
  static void endPatchList(TokenStream& ts) {
    if (ts.acceptWord("mergePatchPairs")) rejectNonEmptyList(ts, "mergePatchPairs is not supported");
    ts.expectEnd();
  }

  /// A vertex label (number or vertex name), checked against the vertex list.
  Label readVertexLabel(TokenStream& ts) {
    const Token& tok = ts.peek();
    Label v = -1;
    if (tok.isWord()) {
      auto it = names_.find(tok.text);
      if (it == names_.end()) failAt(tok, fmt::format("unknown vertex name '{}'", tok.text));
      ts.next();
      v = it->second;
    } else {
      v = ts.readLabel();
    }
    const auto n = static_cast<Label>(spec_.vertices.size());
    if (v < 0 || v >= n) failAt(tok, fmt::format("vertex label {} is out of range (there are {} vertices)", v, n));
    return v;
  }

  void readEdges() {
    if (!dict_.found("edges")) return;
    TokenStream ts = dict_.stream("edges");
    auto list = ts.openList();
    while (ts.moreInList(list)) {
      const Token& typeTok = ts.peek();
      const std::string type = ts.readWord();
      if (type != "arc" && type != "line")
        failAt(typeTok, fmt::format("edge type '{}' is not supported (supported: arc, line)", type));
      const Label a = readVertexLabel(ts);
      const Label b = readVertexLabel(ts);
      const Vec3& pa = spec_.vertices[a];
      const Vec3& pb = spec_.vertices[b];
      if (a == b) failAt(typeTok, fmt::format("{} {} {}: the edge starts and ends at the same vertex", type, a, b));
      if (type == "line") {
        spec_.edges.push_back(BlockEdge::line(a, b, pa, pb));
        continue;
      }
      const std::string what = typeTok.where(fmt::format("arc {} {}", a, b));
      if (ts.peek().isWord()) {
        const Token& kw = ts.peek();
        if (!kw.isWord("origin"))
          failAt(kw, fmt::format("expected a point or 'origin' after arc {} {}, found '{}'", a, b, kw.text));
        ts.next();
        Scalar factor = 1;
        if (ts.peek().isNumber()) {
          const Token& ftok = ts.peek();
          factor = ts.readScalar();
          if (!(factor > 0)) failAt(ftok, fmt::format("arc radius factor must be positive, found {}", ftok.text));
        }
        const Vec3 origin = ts.readVec3();
        spec_.edges.push_back(BlockEdge::arcAboutOrigin(a, b, pa, pb, origin, factor, what));
      } else {
        const Vec3 mid = ts.readVec3();
        spec_.edges.push_back(BlockEdge::arcThroughPoint(a, b, pa, pb, mid, what));
      }
    }
    ts.expectEnd();
  }

  /// One grading entry: a ratio or a list of (length fraction, cell fraction, ratio).
  Grading readGrading(TokenStream& ts) {
    const Token& tok = ts.peek();
    if (tok.isNumber()) {
      const Scalar r = ts.readScalar();
      if (r == 0) failAt(tok, "expansion ratio must be non-zero");
      return Grading::ratio(r);
    }
    std::vector<GradingSection> sections;
    auto list = ts.openList();
    while (ts.moreInList(list)) {
      ts.expectPunct('(');
      GradingSection s;
      const Token& lt = ts.peek();
      s.lengthFraction = ts.readScalar();
      const Token& ct = ts.peek();
      s.cellFraction = ts.readScalar();
      const Token& rt = ts.peek();
      s.expansion = ts.readScalar();
      ts.expectPunct(')');
      if (!(s.lengthFraction > 0))
        failAt(lt, fmt::format("grading length fraction must be positive, found {}", lt.text));
      if (!(s.cellFraction > 0)) failAt(ct, fmt::format("grading cell fraction must be positive, found {}", ct.text));
      if (s.expansion == 0) failAt(rt, "expansion ratio must be non-zero");
      sections.push_back(s);
    }
    if (sections.empty()) failAt(tok, "empty grading list");
    return Grading::sections(std::move(sections));
  }

  void readBlocks() {
    TokenStream ts = dict_.stream("blocks");
    auto list = ts.openList();
    while (ts.moreInList(list)) {
      const Token& shapeTok = ts.peek();
      if (!shapeTok.isWord()) ts.fail("expected a block ('hex'), found " + ts.describeNext());
      if (!shapeTok.isWord("hex"))
        failAt(shapeTok, fmt::format("block shape '{}' is not supported (supported: hex)", shapeTok.text));
      ts.next();
      BlockSpec block;
      block.pos = posOf(shapeTok);
      const Token& open = ts.peek();
      auto vertexList = ts.openList();
      std::vector<Label> labels;
      while (ts.moreInList(vertexList)) labels.push_back(readVertexLabel(ts));
      if (labels.size() != 8) failAt(open, fmt::format("hex block needs 8 vertex labels, found {}", labels.size()));
      std::copy(labels.begin(), labels.end(), block.vertices.begin());

      if (ts.peek().isWord()) block.zone = ts.readWord();  // optional cell zone name

      if (ts.acceptPunct('(')) {
        for (Label& n : block.cells) n = ts.readLabel();
        ts.expectPunct(')');
      } else {
        for (Label& n : block.cells) n = ts.readLabel();  // old style: three labels
      }

      // Grading: [simpleGrading|edgeGrading] (1, 3 or 12 entries); the count decides, as in OpenFOAM.
      const Token* next = ts.peekOrNull();
      if (next && next->isWord()) {
        if (!next->isWord("simpleGrading") && !next->isWord("edgeGrading"))
          failAt(*next, fmt::format("expected simpleGrading or edgeGrading, found '{}'", next->text));
        ts.next();
        next = ts.peekOrNull();
      }
      if (next && (next->isPunct('(') || next->kind == io::TokenKind::Integer)) {
        const Token& gtok = *next;
        std::vector<Grading> grading;
        auto gradingList = ts.openList();
        while (ts.moreInList(gradingList)) grading.push_back(readGrading(ts));
        if (grading.size() == 1) {
          block.grading.fill(grading[0]);
        } else if (grading.size() == 3) {
          for (int e = 0; e < 12; ++e) block.grading[e] = grading[e / 4];
        } else if (grading.size() == 12) {
          std::copy(grading.begin(), grading.end(), block.grading.begin());
        } else {
          failAt(gtok, fmt::format("expected 1, 3 or 12 grading values, found {}", grading.size()));
        }
      }
      spec_.blocks.push_back(std::move(block));
    }
    ts.expectEnd();
  }

  /// `( (a b c d) ... )`: block faces of a patch.
  void readFaceList(TokenStream& ts, BlockPatchSpec& patch) {
    auto list = ts.openList();
    while (ts.moreInList(list)) {
      const Token& open = ts.peek();
      auto faceList = ts.openList();
      std::vector<Label> labels;
      while (ts.moreInList(faceList)) labels.push_back(readVertexLabel(ts));
      if (labels.size() != 4)
        failAt(open,
               fmt::format("patch '{}': a block face needs 4 vertex labels, found {}", patch.name, labels.size()));
      patch.faces.push_back({labels[0], labels[1], labels[2], labels[3]});
      patch.facePos.push_back(posOf(open));
    }
  }

  void checkType(const Token& tok, const BlockPatchSpec& patch) const {
    if (!isKnownPatchType(patch.type) || patch.type == "processor")
      failAt(tok, fmt::format("patch '{}' has unknown type '{}' (known: patch, wall, empty, symmetryPlane, symmetry, "
                              "cyclic)",
                              patch.name, patch.type));
  }

  void readPatches() {
    const bool hasBoundary = dict_.found("boundary");
    const bool hasPatches = dict_.found("patches");
    if (hasBoundary && hasPatches)
      dict_.fail("both 'boundary' and 'patches' are given; use one ('patches' is the older syntax)");
    if (hasBoundary) readBoundary();
    if (hasPatches) readOldPatches();
  }

  // boundary ( name { type wall; faces ( ... ); [neighbourPatch n;] [inGroups (...);] } ... )
  void readBoundary() {
    TokenStream ts = dict_.stream("boundary");
    auto list = ts.openList();
    while (ts.moreInList(list)) {
      BlockPatchSpec patch;
      const Token& nameTok = ts.peek();
      patch.name = ts.readWordOrString();
      patch.pos = posOf(nameTok);
      if (ts.atEnd() || !ts.peek().isPunct('{'))
        ts.fail(fmt::format("expected '{{' after patch name '{}', found {}", patch.name, ts.describeNext()));
      const io::Dictionary pd = io::Dictionary::fromStream(ts, dict_.fileName(), "boundary/" + patch.name);
      // A misspelt 'type' is reported as an unknown keyword; an unsupported
      // type before the keywords that belong to it (offset, sampleMode, ...).
      if (!pd.found("type")) pd.rejectUnknown({"type", "faces", "neighbourPatch", "inGroups"});
      {
        TokenStream tt = pd.stream("type");
        const Token& typeTok = tt.peek();
        patch.type = tt.readWord();
        tt.expectEnd();
        checkType(typeTok, patch);
      }
      pd.rejectUnknown({"type", "faces", "neighbourPatch", "inGroups"});
      {
        TokenStream ft = pd.stream("faces");
        readFaceList(ft, patch);
        ft.expectEnd();
      }
      if (pd.found("neighbourPatch")) patch.neighbourPatch = pd.get<std::string>("neighbourPatch");
      if (pd.found("inGroups")) patch.inGroups = pd.get<std::vector<std::string>>("inGroups");
      if (patch.type == "cyclic" && patch.neighbourPatch.empty())
        failAt(nameTok, fmt::format("cyclic patch '{}' needs a neighbourPatch", patch.name));
      spec_.patches.push_back(std::move(patch));
    }
    endPatchList(ts);
  }

  // patches ( wall name ( (a b c d) ... ) ... )
  void readOldPatches() {
    TokenStream ts = dict_.stream("patches");
    auto list = ts.openList();
    while (ts.moreInList(list)) {
      BlockPatchSpec patch;
      const Token& typeTok = ts.peek();
      patch.type = ts.readWord();
      const Token& nameTok = ts.peek();
      patch.name = ts.readWordOrString();
      patch.pos = posOf(nameTok);
      checkType(typeTok, patch);
      if (patch.type == "cyclic")
        failAt(typeTok, fmt::format("cyclic patch '{}' needs a neighbourPatch: use the 'boundary' syntax", patch.name));
      readFaceList(ts, patch);
      spec_.patches.push_back(std::move(patch));
    }
    endPatchList(ts);
  }

  void readDefaultPatch() {
    const io::Dictionary* dp = dict_.findSubDict("defaultPatch");
    if (!dp) return;
    dp->rejectUnknown({"name", "type"});
    if (dp->found("name")) spec_.defaultPatchName = dp->get<std::string>("name");
    if (dp->found("type")) {
      TokenStream tt = dp->stream("type");
      const Token& typeTok = tt.peek();
      BlockPatchSpec probe;
      probe.name = spec_.defaultPatchName;
      probe.type = tt.readWord();
      tt.expectEnd();
      checkType(typeTok, probe);
      spec_.defaultPatchType = probe.type;
    }
  }

  const io::Dictionary& dict_;
  BlockMeshSpec spec_;
  std::map<std::string, Label> names_;  // named vertices
};

}  // namespace

PolyMesh buildBlockMesh(const io::Dictionary& blockMeshDict) { return assembleBlockMesh(readBlockMeshSpec(blockMeshDict)); }

BlockMeshSpec readBlockMeshSpec(const io::Dictionary& blockMeshDict) { return BlockMeshDictReader(blockMeshDict).read(); }

}  // namespace sluice::mesh
