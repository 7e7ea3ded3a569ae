import numpy as np
import shutil, time, math, itertools, os
#import netCDF4 as nc
#from netCDF4 import Dataset
import tensorflow.compat.v1 as tf
import threading
import random
#from colorama import Fore, Back, Style
import sys
from clim58_lib.folderDefs import *


class DataLoader:
    def __init__(self, folderPath, config):
        self.config = config
        self.batchSize = config.batch_size
        self.nSampleFetching = 4
        self.varname = config.dataset
        self.folderPath = os.path.join(folderPath, trainingDataDir)
        self.fileReader = []
        self.lock = threading.Lock()
        self.reload()

    def reload(self, finishedEpoch = 0):
        # need to retrieve mean and standard deviation of the full dataset first
        print("Reloading and computing mean/std of " + self.varname, file=sys.stderr)
        self.fileNames = sorted([f for f in os.listdir(self.folderPath) if f.endswith(nc_suffix)])
        allTemps = []
        for fn in self.fileNames:
            with np.load(os.path.join(self.folderPath, fn)) as ds:
                allTemps.append(ds[self.varname])
        allTemps = np.concatenate(allTemps, axis=0)
        self.mean = float(np.mean(allTemps))
        self.std = float(np.std(allTemps))
        self.Nsamples = allTemps.shape[0]
        self.profileLen = allTemps.shape[1]
        # work list: (file, start) chunks of nSampleFetching samples
        self.chunks = []
        for fn in self.fileNames:
            with np.load(os.path.join(self.folderPath, fn)) as ds:
                n = ds[self.varname].shape[0]
            for start in range(0, n, self.nSampleFetching):
                self.chunks.append((fn, start))
        self.nextChunk = 0
        self.threadsDone = 0

    def makeQueue(self):
        self.X = tf.placeholder(tf.float32, [None, self.profileLen], name="X_ph")
        self.Y = tf.placeholder(tf.int32, [None], name="Y_ph")
        self.queue = tf.FIFOQueue(capacity=self.batchSize * 4,
                                  dtypes=[tf.float32, tf.int32],
                                  shapes=[[self.profileLen], []])
        self.enqueue_op = self.queue.enqueue_many([self.X, self.Y])
        self.close_op = self.queue.close()
        return self.queue

    def inputs(self):
        x, y = self.queue.dequeue_many(self.batchSize)
        return x, y

    def sampleChunk(self):
        with self.lock:
            if self.nextChunk >= len(self.chunks):
                return None
            fn, start = self.chunks[self.nextChunk]
            self.nextChunk += 1
        with np.load(os.path.join(self.folderPath, fn)) as ds:
            temps = ds[self.varname][start:start + self.nSampleFetching]
            ids = ds["profile_id"][start:start + self.nSampleFetching]
        return (temps - self.mean) / self.std, ids

    def readThread(self, sess, coord):
        try:
            while not coord.should_stop():
                data = self.sampleChunk()
                if data is None:
                    break
                sess.run(self.enqueue_op, feed_dict={self.X: data[0], self.Y: data[1]})
        except Exception as e:
            coord.request_stop(e)
        finally:
            with self.lock:
                self.threadsDone += 1
                last = self.threadsDone == self.nThreads
            if last:
                sess.run(self.close_op)

    def startThreads(self, sess, coord, nThreads=2):
        self.nThreads = nThreads
        self.threads = []
        for i in range(nThreads):
            t = threading.Thread(target=self.readThread, args=(sess, coord))
            t.daemon = True
            t.start()
            self.threads.append(t)
        return self.threads
