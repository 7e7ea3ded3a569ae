import argparse

# the project's flags, shared by the reader and the training script
FLAGS = argparse.Namespace(image_width=3, image_height=3, batch_size=4, num_threads=2,
                           data_path='ptarmigan/', image_list='train_list.txt')
