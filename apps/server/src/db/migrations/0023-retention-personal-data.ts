/**
 * The daily retention also forgets, once the legal keeping period is over, the personal data of
 * finished orders (name, e-mail, phone, address); its record counts how many orders it did that to.
 * Nothing else changes: the invoices keep what the law requires for as long as it requires it.
 */
export default /* sql */ `
ALTER TABLE retention_runs ADD COLUMN IF NOT EXISTS personal_data_orders integer NOT NULL DEFAULT 0;
`;
