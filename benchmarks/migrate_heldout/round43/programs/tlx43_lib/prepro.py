#! /usr/bin/python
# -*- coding: utf-8 -*-
import threading

import numpy as np


def threading_data(data=None, fn=None, thread_count=None, **kwargs):
    """Return a batch of result by given data.
    Usually be used for data augmentation.

    Parameters
    -----------
    data : numpy array, file name and etc, see Examples below.
    thread_count : the number of threads to use
    fn : the function for data processing.
    more args : the args for fn, see Examples below.
    """
    def apply_fn(results, i, data, kwargs):
        results[i] = fn(data, **kwargs)

    if thread_count is None:
        results = [None] * len(data)
        threads = []
        for i in range(len(data)):
            t = threading.Thread(name='threading_and_return', target=apply_fn, args=(results, i, data[i], kwargs))
            t.start()
            threads.append(t)
    else:
        divs = np.linspace(0, len(data), thread_count + 1)
        divs = np.round(divs).astype(int)
        results = [None] * thread_count
        threads = []
        for i in range(thread_count):
            t = threading.Thread(name='threading_and_return', target=apply_fn,
                                 args=(results, i, data[divs[i]:divs[i + 1]], kwargs))
            t.start()
            threads.append(t)

    for t in threads:
        t.join()

    if thread_count is None:
        try:
            return np.asarray(results)
        except Exception:
            return results
    else:
        return np.concatenate(results)
