#include "sluice/output/vtk_xml.hpp"

#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>
#include <fstream>
#include <string>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/output/output_files.hpp"

namespace sluice::output {

static_assert(std::endian::native == std::endian::little,
              "VTK output writes raw little-endian data: add byte swapping for big-endian hosts");

const char* vtkTypeName(VtkType type) {
  switch (type) {
    case VtkType::UInt8: return "UInt8";
    case VtkType::Int32: return "Int32";
    case VtkType::Int64: return "Int64";
    case VtkType::Float64: return "Float64";
  }
  return "?";
}

std::size_t vtkTypeSize(VtkType type) {
  switch (type) {
    case VtkType::UInt8: return 1;
    case VtkType::Int32: return 4;
    case VtkType::Int64: return 8;
    case VtkType::Float64: return 8;
  }
  return 0;
}

namespace {

/// ": <reason>" from errno after a failed stream write (a full disk: "No space left on device").
std::string systemReason() {
  const int error = errno;
  return error != 0 ? std::string(": ") + std::strerror(error) : std::string();
}

template <class T>
VtkArray makeArray(std::string name, VtkType type, int components, std::span<const T> values) {
  VtkArray a;
  a.name = std::move(name);
  a.type = type;
  a.components = components;
  a.bytes.resize(values.size_bytes());
  if (!values.empty()) std::memcpy(a.bytes.data(), values.data(), values.size_bytes());
  return a;
}

/// The attributes of a DataArray element: type, name, components.
std::string arrayAttributes(const VtkArray& a) {
  std::string s = fmt::format("type=\"{}\" Name=\"{}\"", vtkTypeName(a.type), xmlEscape(a.name));
  if (a.components != 1) s += fmt::format(" NumberOfComponents=\"{}\"", a.components);
  return s;
}

}  // namespace

VtkArray vtkArray(std::string name, std::span<const double> values, int components) {
  return makeArray(std::move(name), VtkType::Float64, components, values);
}
VtkArray vtkArray(std::string name, std::span<const Vec3> values) {
  static_assert(sizeof(Vec3) == 3 * sizeof(double));
  return makeArray(std::move(name), VtkType::Float64, 3, values);
}
VtkArray vtkArray(std::string name, std::span<const std::int64_t> values) {
  return makeArray(std::move(name), VtkType::Int64, 1, values);
}
VtkArray vtkArray(std::string name, std::span<const std::int32_t> values) {
  return makeArray(std::move(name), VtkType::Int32, 1, values);
}
VtkArray vtkArray(std::string name, std::span<const std::uint8_t> values) {
  return makeArray(std::move(name), VtkType::UInt8, 1, values);
}
VtkArray vtkInt32Array(std::string name, std::span<const std::int64_t> values) {
  VtkArray a;
  a.name = std::move(name);
  a.type = VtkType::Int32;
  a.bytes.resize(values.size() * sizeof(std::int32_t));
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i] < std::numeric_limits<std::int32_t>::min() || values[i] > std::numeric_limits<std::int32_t>::max())
      throw Error(fmt::format("VTK array '{}': value {} does not fit Int32", a.name, values[i]));
    const auto v = static_cast<std::int32_t>(values[i]);
    std::memcpy(a.bytes.data() + i * sizeof(v), &v, sizeof(v));
  }
  return a;
}

VtkArray streamedVtkArray(std::string name, VtkType type, int components, std::uint64_t nValues,
                          VtkByteSource source) {
  VtkArray a;
  a.name = std::move(name);
  a.type = type;
  a.components = components;
  a.sourceBytes = nValues * static_cast<std::uint64_t>(components) * vtkTypeSize(type);
  a.source = std::move(source);
  return a;
}

std::string xmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

void writeVtu(const std::filesystem::path& file, const VtuPiece& piece) {
  // XML header with each array's offset into the appended block.
  std::uint64_t offset = 0;
  auto dataArray = [&](const VtkArray& a, const char* indent) {
    std::string s = fmt::format("{}<DataArray {} format=\"appended\" offset=\"{}\"/>\n", indent, arrayAttributes(a),
                                offset);
    offset += sizeof(std::uint64_t) + a.byteCount();
    return s;
  };
  std::string xml = "<?xml version=\"1.0\"?>\n";
  if (!piece.comment.empty()) xml += fmt::format("<!-- {} -->\n", piece.comment);
  xml += "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n";
  xml += "  <UnstructuredGrid>\n";
  xml += fmt::format("    <Piece NumberOfPoints=\"{}\" NumberOfCells=\"{}\">\n", piece.nPoints, piece.nCells);
  xml += "      <Points>\n" + dataArray(*piece.points, "        ") + "      </Points>\n";
  xml += "      <Cells>\n";
  for (const auto& a : piece.cells) xml += dataArray(*a, "        ");
  xml += "      </Cells>\n";
  xml += "      <CellData>\n";
  for (const auto& a : piece.cellData) xml += dataArray(*a, "        ");
  xml += "      </CellData>\n";
  xml += "    </Piece>\n";
  xml += "  </UnstructuredGrid>\n";
  xml += "  <AppendedData encoding=\"raw\">\n   _";

  std::ofstream os(file, std::ios::binary | std::ios::trunc);
  auto block = [&](const VtkArray& a) {
    const std::uint64_t n = a.byteCount();
    os.write(reinterpret_cast<const char*>(&n), sizeof n);
    if (!a.source) {
      if (n) os.write(reinterpret_cast<const char*>(a.bytes.data()), static_cast<std::streamsize>(n));
      return;
    }
    std::uint64_t written = 0;
    a.source([&](std::span<const unsigned char> chunk) {
      written += chunk.size();
      if (written > n) return;  // reported below
      os.write(reinterpret_cast<const char*>(chunk.data()), static_cast<std::streamsize>(chunk.size()));
    });
    // A wrong count would shift every later array: a bug, never a file.
    if (written != n)
      throw Error(fmt::format("{}: VTK array '{}' made {} bytes, {} declared", file.string(), a.name, written, n));
  };
  if (os) {
    os.write(xml.data(), static_cast<std::streamsize>(xml.size()));
    block(*piece.points);
    for (const auto& a : piece.cells) block(*a);
    for (const auto& a : piece.cellData) block(*a);
    const std::string tail = "\n  </AppendedData>\n</VTKFile>\n";
    os.write(tail.data(), static_cast<std::streamsize>(tail.size()));
    os.close();
  }
  if (!os) throw InputError(fmt::format("{}: cannot write file{}", file.string(), systemReason()));
}

void writeVtm(const std::filesystem::path& file, const std::string& comment, const std::vector<VtmBlock>& blocks) {
  std::string xml = "<?xml version=\"1.0\"?>\n";
  if (!comment.empty()) xml += fmt::format("<!-- {} -->\n", comment);
  xml += "<VTKFile type=\"vtkMultiBlockDataSet\" version=\"1.0\" byte_order=\"LittleEndian\" "
         "header_type=\"UInt64\">\n";
  xml += "  <vtkMultiBlockDataSet>\n";
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    xml += fmt::format("    <Piece index=\"{}\" name=\"{}\">\n", b, xmlEscape(blocks[b].name));
    for (std::size_t i = 0; i < blocks[b].pieceFiles.size(); ++i)
      xml += fmt::format("      <DataSet index=\"{}\" file=\"{}\"/>\n", i, xmlEscape(blocks[b].pieceFiles[i]));
    xml += "    </Piece>\n";
  }
  xml += "  </vtkMultiBlockDataSet>\n</VTKFile>\n";
  writeTextFile(file, xml);
}

void writePvd(const std::filesystem::path& file, const std::vector<PvdEntry>& entries) {
  std::string xml = "<?xml version=\"1.0\"?>\n";
  xml += "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n";
  xml += "  <Collection>\n";
  for (const auto& e : entries)
    xml += fmt::format("    <DataSet timestep=\"{}\" file=\"{}\"/>\n", e.time, xmlEscape(e.file));
  xml += "  </Collection>\n</VTKFile>\n";
  writeTextFileAtomically(file, xml);
}

}  // namespace sluice::output
