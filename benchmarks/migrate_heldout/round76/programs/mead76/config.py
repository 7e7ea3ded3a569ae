# The click model's config module (the source read `config.num_inputs`).
num_inputs = 3
line_per_sample = 2
data_dir = ''
