#pragma once
// sluice's own versions of the OpenFOAM `etc` files that cases include, so
// `#includeEtc` and `#includeFunc` work without an OpenFOAM installation:
//
//   #includeEtc "caseDicts/setConstraintTypes"   // in a field's boundaryField
//   #includeFunc residuals                       // in controlDict's functions
//   #includeFunc residuals(p_rgh, U)             // with its fields
//
// The text is written here from what the files do (OpenFOAM's own files are
// GPL and not used): setConstraintTypes gives each constraint patch group the
// boundary condition of its type (the constraint types sluice has: cyclic,
// empty, symmetryPlane, symmetry); `residuals` is a solverInfo function object
// writing the initial residuals of the first solve of each listed field in
// every time step (fields (p U) by default, as OpenFOAM's).
//
//   std::optional<std::string> text = builtinEtcFile("caseDicts/setConstraintTypes");
//   std::optional<std::string> entry = builtinFunctionEntry("residuals(p, U)");  // "residuals { type solverInfo; ... }"
#include <optional>
#include <string>
#include <string_view>

namespace sluice::io {

/// Dictionary text of a known etc file (name as written after #includeEtc), or nullopt.
std::optional<std::string> builtinEtcFile(std::string_view name);

/// The function object entry `#includeFunc call` stands for, as dictionary
/// text ("name { type ...; ... }"), or nullopt for a function sluice does not
/// have. `call` is "name" or "name(arg, ...)"; an argument without spaces is
/// a field name (replacing the default fields), "keyword value" sets an entry.
/// Throws std::invalid_argument for unbalanced parentheses.
std::optional<std::string> builtinFunctionEntry(std::string_view call);

}  // namespace sluice::io
