"""Configuration container for the station model."""
batch_size = 3
num_thread = 1
capacity = 12
min_after_dequeue = 3
num_pollutants = 4
seed = 21
