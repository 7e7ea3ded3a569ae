import numpy as np

from niftynet_lib.image_window import ImageWindow, LOCATION_FORMAT
from niftynet_lib.input_buffer import InputBatchQueueRunner


class GridSampler(InputBatchQueueRunner):
    """Windows of a regular grid over every volume, in order (inference)."""

    def __init__(self, reader, window_size, window_border=(0, 0), queue_length=10):
        InputBatchQueueRunner.__init__(self, capacity=queue_length, shuffle=False)
        self.reader = reader
        self.window = ImageWindow(['image'], window_size)
        self.border = window_border
        self._create_queue_and_ops(self.window, enqueue_size=1, dequeue_size=3)

    def __call__(self):
        wy, wx = self.window.spatial_size
        for subject_id, image in self.reader():
            windows, locations = [], []
            for y in range(0, image.shape[0] - wy + 1, wy):
                for x in range(0, image.shape[1] - wx + 1, wx):
                    windows.append(image[y:y + wy, x:x + wx, np.newaxis])
                    locations.append([subject_id, y, x, y + wy, x + wx])
            yield {'image': np.asarray(windows, np.float32),
                   LOCATION_FORMAT.format('image'): np.asarray(locations, np.int32)}
