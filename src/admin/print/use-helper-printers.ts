/** The print helper as the printer settings see it: looked for each time the dialog opens. */
import { useEffect, useState } from 'react';
import { findPrintHelper, type HelperProbe } from './helper-agent.js';

/** The helper's state while `isOpen`; null while it is being looked for. */
export function useHelperPrinters(isOpen: boolean): HelperProbe | null {
  const [probe, setProbe] = useState<HelperProbe | null>(null);
  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    setProbe(null);
    void findPrintHelper().then((found) => {
      if (isCurrent) setProbe(found);
    });
    return () => {
      isCurrent = false;
    };
  }, [isOpen]);
  return probe;
}
