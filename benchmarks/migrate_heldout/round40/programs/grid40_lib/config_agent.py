# Module-level configuration shared by the readers: FLAGS are fixed settings, VARS are filled in at run time.
FLAGS = {
    'batch_size': 4,
    'input': {
        'num_class': 3,          # tariff bands
        'example_size': 2,       # readings per example: kwh and voltage
    },
    'input_queue': {
        'type': 'fifo',          # 'shuffle' for a RandomShuffleQueue
        'capacity': 20,
        'min_remain': 4,
        'num_thread': 2,
    },
}

VARS = {
    'mode': 'train',
    'sess': None,
    'coord': None,
    'if_test': False,
}
