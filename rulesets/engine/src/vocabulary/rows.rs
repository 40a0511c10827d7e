//! Columns laid in overlapping rows (`tableau.rows`, PA-COVER): where each column lies, read
//! from a picture, and which columns cover which.

use super::Tableau;
use crate::reader::Reader;
use felt_core::ParamError;

impl Tableau {
    /// For each column, the columns that cover it (PA-COVER): those of the next row down whose
    /// places reach its own, half a column either side or straight under it. Empty lists
    /// where the columns stand side by side.
    pub fn covered_by(&self) -> Vec<Vec<u8>> {
        self.places
            .iter()
            .map(|&(row, x)| {
                self.places
                    .iter()
                    .enumerate()
                    .filter(|(_, &(r, y))| r == row + 1 && x.abs_diff(y) <= 1)
                    .map(|(d, _)| d as u8)
                    .collect()
            })
            .collect()
    }
}

/// `tableau.rows`: the columns drawn as rows of text, top row first, each `*` one column (in
/// reading order: the first row left to right, then the next) and each character half a
/// column wide, so that a `*` between two of the row under it lies on both (Tri Peaks). The
/// places, or none where the key is absent.
pub(super) fn read(tableau: &mut Reader<'_>, columns: u8) -> Result<Vec<(u8, u8)>, ParamError> {
    let Some(value) = tableau.value("rows") else {
        return Ok(Vec::new());
    };
    let lines = value
        .as_array()
        .filter(|lines| !lines.is_empty() && lines.len() <= 16)
        .ok_or_else(|| {
            tableau.error(
                "rows",
                "expected a list of 1 to 16 lines of text, each `*` a column and each character half a column, such as [\"  *  \", \" * * \"]".into(),
            )
        })?;
    let mut places = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        let text = line.as_str().ok_or_else(|| {
            tableau.error(
                "rows",
                format!("line {} is not text: write it in quotes", r + 1),
            )
        })?;
        for (x, ch) in text.chars().enumerate() {
            match ch {
                '*' if x < 128 => places.push((r as u8, x as u8)),
                '*' => {
                    return Err(tableau.error(
                        "rows",
                        format!(
                            "line {} is {} characters wide: at most 128",
                            r + 1,
                            text.chars().count()
                        ),
                    ))
                }
                ' ' => {}
                other => {
                    return Err(tableau.error(
                        "rows",
                        format!(
                            "line {} holds {other:?}: only `*` (a column) and spaces are allowed",
                            r + 1
                        ),
                    ))
                }
            }
        }
    }
    if places.len() != usize::from(columns) {
        return Err(tableau.error(
            "rows",
            format!(
                "draws {} columns, but `columns` is {columns}: draw one `*` for each column",
                places.len()
            ),
        ));
    }
    Ok(places)
}
