//! FC-DEAL: Microsoft's numbered deals (felt-patience's `microsoft`), laid out a row at a time.

use felt_core::Card;
pub use felt_patience::microsoft::{deal_number, microsoft_order, shuffles, FIRST_DEAL, LAST_DEAL};

/// The layout of a deal: `columns` columns filled a row at a time from the left with the first
/// `52 - cells_dealt` cards, and the last `cells_dealt` cards for the cells.
pub fn lay_out(order: &[Card], columns: usize, cells_dealt: usize) -> (Vec<Vec<Card>>, Vec<Card>) {
    let on_table = order.len() - cells_dealt;
    let mut cols = vec![Vec::new(); columns];
    for (i, &c) in order[..on_table].iter().enumerate() {
        cols[i % columns].push(c);
    }
    (cols, order[on_table..].to_vec())
}
