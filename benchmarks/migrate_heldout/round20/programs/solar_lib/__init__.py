"""Solar farm inverter readings: records and the trainer."""
