#  Fetcher in the Pixel2Mesh layout: a thread that loads (image, point cloud) samples from .dat pickles into a
#  Python queue, one sample at a time.
import numpy as np
import pickle
import threading
import queue
import sys

np.random.seed(123)


class DataFetcher(threading.Thread):
    def __init__(self, file_list):
        super(DataFetcher, self).__init__()
        self.stopped = False
        self.queue = queue.Queue(64)

        self.pkl_list = []
        with open(file_list, 'r') as f:
            while(True):
                line = f.readline().strip()
                if not line:
                    break
                self.pkl_list.append(line)
        self.index = 0
        self.number = len(self.pkl_list)

    def work(self, idx):
        pkl_path = self.pkl_list[idx]
        label = pickle.load(open(pkl_path, 'rb'), encoding='bytes')

        img_path = pkl_path.replace('.dat', '.npy')
        '''
        img = io.imread(img_path)
        img[np.where(img[:,:,3]==0)] = 255
        img = transform.resize(img, (224,224))
        img = img[:,:,:3].astype('float32')
        '''
        img = np.load(img_path)
        img = img[:, :, :3].astype('float32') / 255.

        return img, label, pkl_path.split('/')[-1]

    def run(self):
        while self.index < 90000000 and not self.stopped:
            self.queue.put(self.work(self.index % self.number))
            self.index += 1
            if self.index % self.number == 0:
                np.random.shuffle(self.pkl_list)

    def fetch(self):
        if self.stopped:
            return None
        return self.queue.get()

    def shutdown(self):
        self.stopped = True
        while not self.queue.empty():
            self.queue.get()
