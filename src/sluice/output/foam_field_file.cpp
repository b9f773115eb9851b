#include "sluice/output/foam_field_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <numeric>
#include <regex>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/field_file_edit.hpp"
#include "sluice/io/binary_field_text.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::output {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void failWrite(const fs::path& file, int error) {
  throw Error(fmt::format("{}: cannot write: {}", file.string(), std::error_code(error, std::generic_category()).message()));
}

void writeAt(int fd, const fs::path& file, std::string_view bytes, std::uint64_t offset) {
  while (!bytes.empty()) {
    const ssize_t n = ::pwrite(fd, bytes.data(), bytes.size(), static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) failWrite(file, errno);
    if (n == 0) failWrite(file, ENOSPC);
    bytes.remove_prefix(static_cast<std::size_t>(n));
    offset += static_cast<std::uint64_t>(n);
  }
}

}  // namespace

FoamFieldFile FoamFieldFile::fromSource(const std::string& sourceText, const std::string& sourceName,
                                        GlobalLabel nGlobalCells, int writePrecision, bool binary) {
  FoamFieldFile f;
  // A source written with writeFormat binary: its lists as ascii text, its header format ascii.
  const std::string source = io::asciiFieldText(sourceText, sourceName);
  const io::Dictionary dict = io::Dictionary::parse(source, sourceName);
  const io::Dictionary* header = dict.findSubDict("FoamFile");
  const std::string cls = header ? header->getOr<std::string>("class", "") : "";
  if (cls != "volScalarField" && cls != "volVectorField")
    throw InputError(fmt::format("{}: class '{}': only volScalarField and volVectorField files are written as time "
                                 "folders",
                                 sourceName, cls));
  const auto entry = field::findInternalFieldEntry(source, sourceName);
  if (!entry) throw InputError(fmt::format("{}: no internalField entry of its own to replace", sourceName));
  f.components_ = cls == "volVectorField" ? 3 : 1;
  f.precision_ = std::clamp(writePrecision, 1, 17);
  f.nGlobalCells_ = nGlobalCells;
  f.binary_ = binary;

  // The header with the location's value cut out (it becomes the time); a
  // binary file's says so, with the widths and byte order of its values.
  std::string before = source.substr(0, entry->first);
  if (binary) {
    static const std::regex arch(R"(\n?[ \t]*arch\s+("[^"]*"|[^;\s]*)\s*;)");
    static const std::regex format(R"((\bformat\s+)ascii(\s*;))");
    before = std::regex_replace(before, arch, "", std::regex_constants::format_first_only);
    if (!std::regex_search(before, format))
      throw InputError(fmt::format("{}: no 'format ascii;' in its FoamFile header to write as binary", sourceName));
    before = std::regex_replace(before, format, "$1binary$2\n    arch        \"LSB;label=32;scalar=64\";",
                                std::regex_constants::format_first_only);
  }
  static const std::regex location(R"(location\s+("[^"]*"|[^;\s]*)\s*;)");
  std::smatch m;
  if (std::regex_search(before, m, location)) {
    const auto at = static_cast<std::size_t>(m.position(1));
    f.beforeLocation_.assign(before, 0, at);
    f.beforeLocation_ += '"';
    f.afterLocation_ = '"';
    f.afterLocation_.append(before, at + static_cast<std::size_t>(m.length(1)));
  } else {
    f.beforeLocation_ = before;
  }
  f.listOpening_ = fmt::format("internalField   nonuniform List<{}> \n{}\n({}", f.components_ == 3 ? "vector" : "scalar",
                               nGlobalCells, binary ? "" : "\n");
  f.trailer_ = ")\n;";
  const std::string_view after = std::string_view(source).substr(entry->second);
  f.trailer_ += binary ? io::binaryListsText(after, sourceName) : std::string(after);
  // The widest value: negative, every digit shown, a three-digit exponent.
  const double widest[3] = {-1.2345678901234567e-100, -1.2345678901234567e-100, -1.2345678901234567e-100};
  f.lineWidth_ = 0;
  f.lineWidth_ = f.formatLine(widest).size();
  return f;
}

std::string FoamFieldFile::formatLine(const double* value) const {
  if (binary_) {
    static_assert(std::endian::native == std::endian::little, "binary field files are written little-endian");
    return std::string(reinterpret_cast<const char*>(value), sizeof(double) * static_cast<std::size_t>(components_));
  }
  std::string line;
  if (components_ == 3) line += '(';
  for (int k = 0; k < components_; ++k) {
    if (k > 0) line += ' ';
    line += fmt::format("{:.{}g}", value[k], precision_);
  }
  if (components_ == 3) line += ')';
  if (lineWidth_ > 0) {
    if (line.size() + 1 > lineWidth_) throw Error("FoamFieldFile: a value is wider than its line");
    line.resize(lineWidth_ - 1, ' ');
  }
  line += '\n';
  return line;
}

std::string FoamFieldFile::header(const std::string& timeName) const {
  if (afterLocation_.empty()) return beforeLocation_ + listOpening_;
  return beforeLocation_ + timeName + afterLocation_ + listOpening_;
}

void FoamFieldFile::writePart(const fs::path& file, const std::string& timeName,
                              std::span<const GlobalLabel> fileCellIds, std::span<const double> values,
                              bool root) const {
  if (values.size() != fileCellIds.size() * static_cast<std::size_t>(components_))
    throw Error(fmt::format("{}: {} values for {} cells", file.string(), values.size(), fileCellIds.size()));
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  if (ec) throw Error(fmt::format("{}: cannot create folder: {}", file.parent_path().string(), ec.message()));
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) failWrite(file, errno);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};

  const std::string head = header(timeName);
  const std::uint64_t first = head.size();
  const std::uint64_t end = first + static_cast<std::uint64_t>(nGlobalCells_) * lineWidth_ + trailer_.size();
  if (::ftruncate(fd, static_cast<off_t>(end)) != 0) failWrite(file, errno);
  if (root) {
    writeAt(fd, file, head, 0);
    writeAt(fd, file, trailer_, end - trailer_.size());
  }
  // The rank's lines in file order, each run of consecutive cells in one write.
  std::vector<std::size_t> order(fileCellIds.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return fileCellIds[a] < fileCellIds[b]; });
  std::string run;
  GlobalLabel runStart = -1, next = -1;
  auto flush = [&] {
    if (!run.empty()) writeAt(fd, file, run, first + static_cast<std::uint64_t>(runStart) * lineWidth_);
    run.clear();
  };
  for (const std::size_t i : order) {
    const GlobalLabel id = fileCellIds[i];
    if (id < 0 || id >= nGlobalCells_) throw Error(fmt::format("{}: cell index {} out of range", file.string(), id));
    if (id != next) {
      flush();
      runStart = id;
    }
    run += formatLine(values.data() + i * static_cast<std::size_t>(components_));
    next = id + 1;
    if (run.size() >= (std::size_t{1} << 20)) {
      flush();
      runStart = next;
    }
  }
  flush();
}

std::string foamUniformTimeText(const std::string& timeName, double time, long long index, double deltaT,
                                double deltaT0) {
  return fmt::format(
      "FoamFile\n{{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n"
      "    location    \"{0}/uniform\";\n    object      time;\n}}\n\nvalue           {1:.17g};\n"
      "name            \"{0}\";\nindex           {2};\ndeltaT          {3:.17g};\ndeltaT0         {4:.17g};\n",
      timeName, time, index, deltaT, deltaT0);
}

}  // namespace sluice::output
