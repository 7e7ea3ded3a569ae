# configuration shared by the readers (a plain dict, filled by the caller)
FLAGS = {
    'lst_path': None,
    'frames_dir': None,
    'clip_depth': 3,
    'height': 2,
    'width': 2,
    'channels': 1,
    'batch_size': 3,
    'num_threads': 3,
    'capacity': 6,
}
